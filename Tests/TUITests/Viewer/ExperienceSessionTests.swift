import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Issue 12 end to end, in process: the shipped session over a `TestTerminal`, driven by bytes.
@Suite("Sessions: reading everything, panels, seen stories and --resume (issue 12)")
struct ExperienceSessionTests {
    static let poem = (1...30).map { "Line \($0) of a caption much longer than the screen." }.joined(separator: "\n")
        + "\nThe very last line."
    static let deck = Deck(defaultDuration: 10, stories: [
        Story(id: "long", title: "Long", caption: poem, art: "*"),
        Story(id: "short", title: "Short", caption: "Fits."),
    ])

    @Test("a long caption says there is more; m opens it whole, paused; G shows its last line; m closes")
    func readTheWholeCaption() {
        let harness = SessionHarness(Self.deck, width: 40, height: 12)
        _ = harness.take()
        #expect(harness.screen.contains { $0.contains("… more (m)") })
        #expect(!harness.screen.joined().contains("The very last line."))
        harness.type("m", at: 1)
        #expect(harness.take() == ["1.0 suspend(overlay) long"])
        #expect(harness.screen.contains { $0.contains("Line 1 of a caption") })
        #expect(harness.screen.contains { $0.contains("Esc/m close · q quit") })
        harness.type("G", at: 2)
        #expect(harness.screen.contains { $0.contains("The very last line.") })
        harness.type("g", at: 2.5)
        #expect(!harness.screen.joined().contains("The very last line."))
        harness.type(String(repeating: "j", count: 200), at: 3)
        #expect(harness.screen.contains { $0.contains("The very last line.") }, "scrolling stops at the end")
        harness.type("k", at: 3.5)
        #expect(!harness.screen.joined().contains("The very last line."))
        harness.type("m", at: 4)
        #expect(harness.take() == ["4.0 resume(overlay) long"])
        #expect(!harness.screen.joined().contains("close"))
    }

    @Test("m on a story without a caption does nothing; the wheel scrolls the caption panel")
    func captionKeyAndWheel() {
        let deck = Deck(stories: [Story(id: "art", title: "Art", art: "*"), Story(id: "long", caption: Self.poem, art: "*")])
        let harness = SessionHarness(deck, width: 80, height: 24)
        _ = harness.take()
        harness.type("m", at: 1)
        #expect(harness.take().isEmpty)
        harness.type("l", at: 1.5)
        harness.type("\r", at: 2)
        #expect(harness.take().last == "2.0 suspend(overlay) long", "Enter opens the caption too")
        for time in stride(from: 3.0, to: 4, by: 0.1) {
            harness.send(.input(.mouse(MouseEvent(action: .wheelDown, button: .none, column: 20, row: 6))), at: time)
        }
        #expect(harness.screen.contains { $0.contains("The very last line.") }, "ten notches, three lines each")
        harness.type("\u{1B}[<0;2;12M", at: 5)
        #expect(harness.take() == ["5.0 resume(overlay) long"], "a click outside the panel closes it")
    }

    @Test("the help at 40×12 ends with how to close and how to quit, and scrolls to its last entry")
    func helpAtFortyByTwelve() {
        let harness = SessionHarness(Self.deck, width: 40, height: 12)
        harness.type("?", at: 1)
        let footer = harness.screen.last { $0.contains("close") } ?? ""
        #expect(footer.contains("Esc/? close") && footer.contains("q quit"))
        #expect(harness.screen.contains { $0.contains("next story") })
        #expect(!harness.screen.joined().contains("wheel"))
        harness.type("G", at: 2)
        #expect(harness.screen.joined().contains("scrolls"), "the mouse line, last of all, shows")
        #expect(harness.screen.contains { $0.contains("q quit") })
        harness.type("q", at: 3)
        #expect(harness.exitCode == 0, "q quits from the help")
    }

    @Test("the story list: PgDn and Home move, the wheel moves, a click on a story jumps to it")
    func storyListKeysAndMouse() throws {
        let deck = Deck(stories: (1...60).map { Story(id: "s\($0)", title: "Story \($0)", art: "*") })
        let harness = SessionHarness(deck, width: 80, height: 24)
        _ = harness.take()
        harness.type("\t", at: 1)
        harness.send(.input(.key(KeyEvent(.pageDown))), at: 1.1)
        // The panel shows 19 stories: a page moves 18, so that one line stays in view.
        let row = try #require(harness.screen.firstIndex { $0.contains("Story 19 ") })
        #expect(harness.terminal.shown[row][20].style.reverse, "a page down moves the selection a page (less one line)")
        harness.type("\u{1B}[H", at: 1.2)
        harness.send(.input(.mouse(MouseEvent(action: .wheelDown, button: .none, column: 40, row: 12))), at: 1.3)
        let selected = try #require(harness.screen.firstIndex { $0.contains("Story 4 ") })
        #expect(harness.terminal.shown[selected][20].style.reverse, "a notch of the wheel moves three stories")
        let target = try #require(harness.screen.firstIndex { $0.contains("Story 6 ") })
        harness.type("\u{1B}[<0;21;\(target + 1)M\u{1B}[<0;21;\(target + 1)m", at: 2)
        #expect(harness.take() == ["1.0 suspend(overlay) s1", "2.0 resume(overlay) s1", "2.0 end(jump) s1", "2.0 begin s6"])
        #expect(harness.screen[1].hasPrefix(" Story 6"))
    }

    @Test("the leeway counts down on screen, a second at a time")
    func countdown() {
        let harness = SessionHarness(Self.deck, options: PlaybackOptions(leeway: 3))
        #expect(harness.screen[1].contains("Starts in 3"))
        harness.run(until: 0.99)
        #expect(harness.screen[1].contains("Starts in 3"))
        harness.run(until: 1.01)
        #expect(harness.screen[1].contains("Starts in 2"), "the loop woke at the second without a key or a tick")
        harness.run(until: 1.5)
        #expect(harness.screen[1].contains("Starts in 2"))
        harness.run(until: 3.01)
        #expect(!harness.screen[1].contains("Starts in"))
        #expect(harness.take() == ["0.0 ready long", "3.0 start long", "3.0 begin long"])
    }

    @Test("a story ended by its timer is seen; skipped with → it is not (unless nothing plays by itself)")
    func whatCountsAsSeen() {
        let harness = SessionHarness(Self.deck)
        harness.run(until: 10.5)
        #expect(harness.seenMarks == ["long"])
        harness.type("h", at: 11)
        harness.type("l", at: 12)
        #expect(harness.seenMarks == ["long"], "next with autoplay is a skip")
        let manual = SessionHarness(Self.deck, options: PlaybackOptions(autoplay: false))
        manual.type("l", at: 1)
        #expect(manual.seenMarks == ["long"], "without autoplay, moving on is how a story ends")
    }

    @Test("--resume after seeing 2 of 4 starts at the third; the list marks the two")
    func resume() throws {
        let home = TemporaryFolder()
        let deckPath = home.write("deck.json", "[]")
        let environment: Environment = ["XDG_STATE_HOME": home.path]
        let deck = Deck(defaultDuration: 5, stories: (1...4).map { Story(id: "s\($0)", title: "S\($0)", art: "*") })
        let messages = Messages(language: .english)
        let first = SessionHarness(deck, seen: SeenStories.open(deckPath: deckPath, deck: deck, environment: environment,
                                                                 messages: messages))
        first.run(until: 12)
        first.type("q", at: 12)
        #expect(first.seenMarks == ["s1", "s2"])
        let second = SessionHarness(deck, seen: SeenStories.open(deckPath: deckPath, deck: deck, environment: environment,
                                                                  messages: messages), resume: true)
        #expect(second.take() == ["0.0 ready s3", "0.0 start s3", "0.0 begin s3"])
        #expect(second.screen[1].hasPrefix(" S3") && second.screen[1].hasSuffix("3/4"))
        second.type("\t", at: 1)
        let seenRows = second.screen.filter { $0.contains("✓") }
        #expect(seenRows.count == 2 && seenRows[0].contains("1. S1") && seenRows[1].contains("2. S2"))
        let plain = SessionHarness(deck, seen: SeenStories.open(deckPath: deckPath, deck: deck, environment: environment,
                                                                 messages: messages))
        #expect(plain.screen[1].hasPrefix(" S1"), "without --resume the deck starts where it always does")
    }

    @Test("a corrupt state file: --resume starts at the first story, with a notice, and the run goes on")
    func corruptStateFile() throws {
        let home = TemporaryFolder()
        let deckPath = home.write("deck.json", "[]")
        home.write(TemporaryFolder.seenFile(forDeck: deckPath), "\u{0}\u{1}garbage")
        let deck = Deck(defaultDuration: 5, stories: (1...4).map { Story(id: "s\($0)", title: "S\($0)", art: "*") })
        let seen = SeenStories.open(deckPath: deckPath, deck: deck, environment: ["XDG_STATE_HOME": home.path],
                                    messages: Messages(language: .english))
        let harness = SessionHarness(deck, seen: seen, resume: true)
        #expect(harness.screen[1].hasPrefix(" S1"))
        #expect(harness.screen.suffix(3).joined().contains("Seen stories start afresh"))
        harness.run(until: 5.5)
        #expect(harness.seenMarks == ["s1"] && harness.exitCode == nil)
        let reopened = SeenStories.open(deckPath: deckPath, deck: deck, environment: ["XDG_STATE_HOME": home.path],
                                        messages: Messages(language: .english))
        #expect(reopened.notice == nil && reopened.seen == ["s1"], "the damaged file was replaced")
    }
}
