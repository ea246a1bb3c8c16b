import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Whole sessions in process, bytes in and frames out, with hand-written times: what only tmux
/// could check before (navigation, holds, the mouse, overlays, reloads, exits, hang-up, SIGCONT).
@Suite
struct ViewerSessionTests {
    /// Stories with art, so that each one's title is on the second row (a text-only story has it in the middle).
    static let deck = Deck(title: "Day", defaultDuration: 10, stories: [
        Story(id: "dawn", title: "Dawn", caption: "The sun comes up.", art: "\\o/"),
        Story(id: "noon", title: "Noon", caption: "Bright and hot.", art: "-o-"),
        Story(id: "dusk", title: "Dusk", caption: "Long shadows.", art: "_o_"),
    ])

    static let right = "\u{1B}[C", left = "\u{1B}[D"

    @Test("arrows and l/h move between stories; each move is logged with its reason")
    func navigation() {
        let harness = SessionHarness(Self.deck)
        #expect(harness.take() == ["0.0 ready dawn", "0.0 start dawn", "0.0 begin dawn"])
        #expect(harness.screen[1].hasPrefix(" Dawn"))
        harness.type(Self.right, at: 1)
        #expect(harness.take() == ["1.0 end(next) dawn", "1.0 begin noon"])
        #expect(harness.screen[1].hasPrefix(" Noon"))
        harness.type("l", at: 2)
        harness.type(Self.left, at: 3)
        harness.type("h", at: 4)
        #expect(harness.take() == ["2.0 end(next) noon", "2.0 begin dusk", "3.0 end(previous) dusk", "3.0 begin noon",
                                   "4.0 end(previous) noon", "4.0 begin dawn"])
    }

    @Test("a story ends by itself at its deadline, stamped at the deadline, and a once deck exits 0")
    func timerAndFinish() {
        let harness = SessionHarness(Self.deck)
        _ = harness.take()
        harness.run(until: 10.02)
        #expect(harness.take() == ["10.0 end(timer) dawn", "10.0 begin noon"])
        harness.run(until: 40)
        #expect(harness.take() == ["20.0 end(timer) noon", "20.0 begin dusk", "30.0 end(timer) dusk", "30.0 finish"])
        #expect(harness.exitCode == 0)
    }

    @Test("between updates only the bar moves: ticks change nothing, each frame steps one or two cells and equals the whole layout")
    func quietSteps() {
        let harness = SessionHarness(Self.deck)
        harness.run(until: 0.5)   // past the keyboard probe's time-out, the one deadline at the start
        let revision = harness.session.model.revision
        var steps = 0
        var now = 0.5
        while let wake = harness.session.nextWake(at: now), wake <= 5 {
            now = wake
            #expect(harness.session.update(.tick, at: now).isEmpty)
            harness.session.render(at: now)
            steps += 1
            #expect((1...2).contains(harness.session.screen.lastDraw.visited), "a step visits the cells it changes, at \(now)")
        }
        #expect(steps == 90, "25-column segments of 10 s stories: a step every 50 ms, none wasted")
        #expect(harness.session.model.revision == revision, "no tick before the story's end did anything")
        let whole = ScreenLayout(options: LayoutOptions()).frame(for: harness.session.model.viewState(at: now), width: 80, height: 24)
        #expect(harness.screen == LayoutFixtures.text(whole))
        // The story's end is due: the tick applies it and the next frame is laid out whole.
        harness.run(until: 10.02)
        #expect(harness.session.model.revision > revision)
        #expect(harness.screen[1].hasPrefix(" Noon"))
    }

    @Test("a held space pauses at once, hides title and caption once sure, and resumes after the last repeat")
    func holdSpace() {
        let harness = SessionHarness(Self.deck)
        _ = harness.take()
        harness.type(" ", at: 1.0)
        #expect(harness.take() == ["1.0 suspend(hold) dawn"])
        #expect(harness.screen[1].contains("Dawn"), "a first press alone does not hide the title")
        // Repeats every 33 ms after a 500 ms initial delay, for a second.
        var t = 1.5
        while t <= 2.5 {
            harness.run(until: t)
            harness.type(" ", at: t)
            t += 0.033
        }
        #expect(!harness.screen[1].contains("Dawn"), "title hidden during a sure hold")
        #expect(harness.screen[1].contains("Paused"))
        #expect(!harness.screen.joined().contains("The sun comes up."))
        harness.run(until: 3.5)
        let events = harness.take()
        #expect(events.count == 1)
        let resume = events.first.flatMap { Double($0.split(separator: " ")[0]) } ?? 0
        #expect(events.first?.hasSuffix("resume(hold) dawn") == true)
        #expect(resume > 2.47 && resume < 2.47 + 0.5, "resumed one release window after the last repeat, got \(resume)")
        #expect(harness.screen[1].contains("Dawn"))
    }

    @Test("a tapped space toggles a sticky pause; p toggles too")
    func tapSpace() {
        let harness = SessionHarness(Self.deck)
        _ = harness.take()
        harness.type(" ", at: 1)
        harness.run(until: 3)
        #expect(harness.take() == ["1.0 suspend(hold) dawn"], "the hold became a sticky pause: no resume")
        #expect(harness.session.nextWake(at: 3) == nil, "a deck paused by a tap sleeps: nothing left to wake for")
        #expect(harness.screen[1].contains("Paused"))
        harness.type("p", at: 4)
        #expect(harness.take() == ["4.0 resume(toggle) dawn"])
        harness.type("p", at: 5)
        #expect(harness.take() == ["5.0 suspend(toggle) dawn"])
    }

    static func mouse(press: Bool, column: Int) -> String { "\u{1B}[<0;\(column + 1);10\(press ? "M" : "m")" }

    @Test("a mouse click on the right half goes next, on the left half back; a held press pauses without moving")
    func mouseClickAndHold() {
        let harness = SessionHarness(Self.deck)
        _ = harness.take()
        harness.type(Self.mouse(press: true, column: 70), at: 1)
        harness.type(Self.mouse(press: false, column: 70), at: 1.05)
        #expect(harness.take() == ["1.05 end(next) dawn", "1.05 begin noon"])
        harness.type(Self.mouse(press: true, column: 5), at: 2)
        harness.type(Self.mouse(press: false, column: 5), at: 2.1)
        #expect(harness.take() == ["2.1 end(previous) noon", "2.1 begin dawn"])
        harness.type(Self.mouse(press: true, column: 70), at: 3)
        harness.run(until: 3.6)
        #expect(harness.take() == ["3.25 suspend(mouse) dawn"], "the hold starts at the threshold, not the wake-up")
        #expect(!harness.screen[1].contains("Dawn"))
        harness.type(Self.mouse(press: false, column: 70), at: 4)
        #expect(harness.take() == ["4.0 resume(mouse) dawn"], "the release after a hold does not navigate")
    }

    @Test("? and Tab open overlays that pause; Esc closes; the list moves and Enter jumps")
    func overlays() {
        let harness = SessionHarness(Self.deck)
        _ = harness.take()
        harness.type("?", at: 1)
        #expect(harness.take() == ["1.0 suspend(overlay) dawn"])
        #expect(harness.screen.contains { $0.contains("Keys") })
        harness.type("\u{1B}", at: 2)
        #expect(harness.screen.contains { $0.contains("Keys") }, "a lone Esc waits for its timeout: it may start a sequence")
        harness.run(until: 2.2)
        let closed = harness.take()
        #expect(closed.count == 1 && closed[0].hasSuffix("resume(overlay) dawn"))
        let time = closed.first.flatMap { Double($0.split(separator: " ")[0]) } ?? 0
        #expect(time > 2 && time < 2.1, "a lone Esc closes the help once its short timeout passed, got \(time)")
        harness.type("\t", at: 3)
        #expect(harness.screen.contains { $0.contains("Stories") })
        harness.type("\u{1B}[B\u{1B}[B", at: 3.1)
        harness.type("\r", at: 3.2)
        #expect(harness.take() == ["3.0 suspend(overlay) dawn", "3.2 resume(overlay) dawn", "3.2 end(jump) dawn",
                                   "3.2 begin dusk"])
        #expect(harness.screen[1].hasPrefix(" Dusk"))
    }

    @Test("r asks for a reload; a smaller deck clamps the story; a failed one keeps the deck and says why")
    func reload() {
        let harness = SessionHarness(Self.deck)
        harness.type("G", at: 1)
        _ = harness.take()
        harness.type("r", at: 2)
        harness.type("r", at: 2.1)
        #expect(harness.reloadRequests == 1, "one read at a time")
        let smaller = Deck(stories: [Story(id: "one", title: "One", art: "1"), Story(id: "two", title: "Two", art: "2")])
        harness.send(.deckLoaded(.success(smaller)), at: 2.5)
        #expect(harness.reloadRequests == 2, "the request made during the read runs after it")
        #expect(harness.screen[1].hasPrefix(" Two"), "the position is clamped to the smaller deck")
        harness.send(.deckLoaded(.failure(.load(.notFound("deck.json")))), at: 3)
        #expect(harness.screen[1].hasPrefix(" Two"))
        #expect(harness.screen.last?.contains("Reload failed") == true)
    }

    @Test("q and Esc quit with 0, a quit signal with 128 + N, a hang-up with 0; nothing happens after the exit")
    func exits() {
        for (input, code) in [("q", Int32(0))] {
            let harness = SessionHarness(Self.deck)
            harness.type(input, at: 1)
            #expect(harness.exitCode == code)
            #expect(harness.take().last == "1.0 quit")
        }
        let signalled = SessionHarness(Self.deck)
        signalled.send(.terminate(signal: 15), at: 1)
        #expect(signalled.exitCode == 143)
        let hungUp = SessionHarness(Self.deck)
        hungUp.send(.inputEnded, at: 1)
        #expect(hungUp.exitCode == 0)
        _ = hungUp.take()
        hungUp.type("l", at: 2)
        #expect(hungUp.take().isEmpty)
    }

    @Test("Ctrl-Z stops the story clock; resuming logs it and repaints every cell; a stray SIGCONT repaints")
    func suspendAndContinue() {
        let harness = SessionHarness(Self.deck)
        _ = harness.take()
        harness.suspend(at: 1, until: 5)
        #expect(harness.suspends == 1)
        #expect(harness.take() == ["1.0 suspend(stop) dawn", "5.0 resume(stop) dawn"])
        harness.run(until: 6)   // the bar steps on the way
        let written = harness.terminal.cellsWritten, erased = harness.terminal.invalidations
        harness.send(.continued, at: 6)
        // A repaint erases the terminal (curses clears it and draws again) and puts every cell that is not blank.
        #expect(harness.terminal.invalidations == erased + 1, "a repaint erases the terminal")
        let frame = ScreenLayout(options: LayoutOptions()).frame(for: harness.session.model.viewState(at: 6),
                                                                 width: 80, height: 24)
        let shown = (0..<24).flatMap { row in (0..<80).map { frame[row, $0] } }
        let nonBlank = shown.filter { $0 != Cell.blank() && !$0.isContinuation }.count
        #expect(harness.terminal.cellsWritten - written == nonBlank)
        #expect(nonBlank < 80 * 24 / 4, "a text story is mostly blank")
        #expect(harness.screen == LayoutFixtures.text(frame))
        harness.run(until: 14.02)
        #expect(harness.take() == ["14.0 end(timer) dawn", "14.0 begin noon"], "four seconds stopped do not count")
    }

    @Test("a resize draws the next frame at the new size; a paused screen writes nothing")
    func resizeAndPaused() {
        let harness = SessionHarness(Self.deck)
        harness.terminal.resize(width: 50, height: 15)
        harness.send(.resized(TerminalSize(width: 50, height: 15)), at: 1)
        #expect(harness.screen.count == 15)
        #expect(harness.screen[1].hasPrefix(" Dawn"))
        harness.type("p", at: 2)
        harness.run(until: 2.5)
        let written = harness.terminal.cellsWritten, flushes = harness.terminal.flushes
        #expect(harness.session.nextWake(at: 2.5) == nil, "nothing to wake for while paused")
        harness.run(until: 30)
        #expect(harness.terminal.cellsWritten == written && harness.terminal.flushes == flushes)
    }

    @Test("control lines act like keys; an unknown line or story is an error event, not fatal")
    func control() {
        let harness = SessionHarness(Self.deck)
        _ = harness.take()
        harness.send(.control(ControlCommand(line: "goto dusk")), at: 1)
        harness.send(.control(ControlCommand(line: "goto nowhere")), at: 2)
        harness.send(.control(ControlCommand(line: "jump 3")), at: 3)
        #expect(harness.take() == ["1.0 end(jump) dawn", "1.0 begin dusk"])
        #expect(harness.errors.count == 2)
        harness.send(.control(.action(.quit)), at: 4)
        #expect(harness.exitCode == 0)
    }
}
