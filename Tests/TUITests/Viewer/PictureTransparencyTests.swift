import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// What shows through a picture's transparent pixels (issue 21): the terminal's background asked with
/// OSC 11 (`BackgroundQuery`, pure, then in a session), and the backdrop a story's picture is given.
@Suite
struct PictureTransparencyTests {
    static let deck = Deck(defaultDuration: 10, stories: [
        Story(id: "sun", title: "Sun", image: "sun.png", imagePath: "/decks/sun.png", alt: "a sun"),
    ], baseDirectory: "/decks")

    static let settings = ViewerModel.Settings(images: .symbols(.indexed240), asksBackground: true)

    @Test("Transparency: OSC 11 answers are read in every form; anything else is no colour")
    func answerParsing() {
        func color(_ text: String) -> UInt32? { BackgroundQuery.color(inAnswer: Array(text.utf8)) }
        #expect(color("11;rgb:1c1c/2020/ffff") == 0x1C20FF)
        #expect(color("11;rgb:80/00/ff") == 0x8000FF)
        #expect(color("11;rgb:f/0/8") == 0xFF0088)
        #expect(color("11;rgb:800/fff/000") == 0x80FF00)
        #expect(color("11;#102030") == 0x102030)
        #expect(color("11;#fff") == 0xFFFFFF)
        for bad in ["10;rgb:00/00/00", "11;rgb:00/00", "11;rgb:00/00/00/00", "11;rgb:zz/00/00", "11;rgb:12345/0/0",
                    "11;?", "11;#12345", "11;rgba:00/00/00/ff", ""] {
            #expect(color(bad) == nil, "\(bad)")
        }
    }

    @Test("Transparency: the query ends with its answer, with DA1 alone (silence), or at its deadline")
    func querySettles() {
        var answered = BackgroundQuery(timeout: 0.2)
        let bytes = answered.start(at: 1, withEnd: false)
        #expect(bytes == Array("\u{1B}]11;?\u{1B}\\".utf8))
        #expect(answered.isAsking && answered.deadline == 1.2 && !answered.isSettled)
        let byFlags = answered.receive(.keyboardFlags(0))
        let byAnswer = answered.receive(.backgroundColor(0x102030))
        #expect(!byFlags && byAnswer)
        #expect(answered.color == 0x102030 && answered.isSettled && answered.deadline == nil)
        let byLateDA1 = answered.receive(.primaryDeviceAttributes)
        #expect(!byLateDA1, "the probe's DA1 after it changes nothing")
        #expect(answered.color == 0x102030)

        var silent = BackgroundQuery(timeout: 0.2)
        #expect(silent.start(at: 0, withEnd: true) == BackgroundQuery.queryBytes + BackgroundQuery.endBytes)
        let byDA1 = silent.receive(.primaryDeviceAttributes)
        #expect(byDA1)
        #expect(silent.isSettled && silent.color == nil)
        let late = silent.receive(.backgroundColor(0xFFFFFF))
        #expect(!late && silent.color == nil, "a late answer is not taken")

        var stalled = BackgroundQuery(timeout: 0.2)
        _ = stalled.start(at: 0, withEnd: false)
        let early = stalled.expire(at: 0.1)
        #expect(!early && stalled.isAsking)
        let due = stalled.expire(at: 0.2)
        #expect(due && stalled.isSettled && stalled.color == nil)
    }

    @Test("Transparency in a session: the query goes out before the keyboard probe; pictures wait for the answer and use it")
    func sessionAnswered() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        let control = harness.terminal.controlBytes
        #expect(control.starts(with: BackgroundQuery.queryBytes + KeyboardProtocolProbe.queryBytes))
        #expect(harness.pictureRequests.isEmpty, "no conversion before the terminal answered")
        harness.type("\u{1B}]11;rgb:2020/4040/6060\u{1B}\\\u{1B}[?62c", at: 0.05)
        let request = try #require(harness.pictureRequests.first?.first)
        #expect(request.backdrop == ImageBackdrop.choose(storyBackground: nil, theme: .dark, terminalBackground: 0x204060))
        // The terminal's own background is not painted: clear cells stay blank and show it, partly
        // transparent pixels blend with its colour.
        #expect(!request.backdrop.isKnown && request.backdrop.colors == [0x204060])
        #expect(harness.pictureRequests.count == 1, "asked once")
    }

    @Test("Transparency in a session: a terminal that does not answer gets the unknown backdrop after the bound")
    func sessionSilent() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        harness.run(until: 0.1)
        #expect(harness.pictureRequests.isEmpty)
        harness.run(until: 0.3)
        let request = try #require(harness.pictureRequests.first?.first)
        #expect(!request.backdrop.isKnown && request.backdrop.colors == [ImageBackdrop.darkNeutral])
        #expect(harness.screen.joined().contains("a sun"), "the alt text meanwhile")
    }

    @Test("Transparency: a story's background, then the light theme's, then the terminal's, else unknown")
    func backdropChoice() {
        #expect(ImageBackdrop.choose(storyBackground: .rgb(1, 2, 3), theme: .light, terminalBackground: 0xFFFFFF)
                == .color(.rgb(1, 2, 3)))
        #expect(ImageBackdrop.choose(storyBackground: nil, theme: .light, terminalBackground: 0x000000) == .color(.indexed(15)))
        #expect(ImageBackdrop.choose(storyBackground: nil, theme: .dark, terminalBackground: nil) == .unknown())
    }

    @Test("Transparency over a gradient: each pixel row over its own colour, top to bottom")
    func gradientRows() throws {
        let backdrop = ImageBackdrop.gradient([.rgb(0, 0, 0), .rgb(200, 100, 0), .rgb(0, 0, 200)])
        #expect(backdrop.color(atRow: 0, of: 1) == 0x000000)
        #expect(backdrop.color(atRow: 0, of: 1000) < 0x010000)
        #expect(backdrop.color(atRow: 499, of: 1000) >> 16 >= 195, "the middle stop in the middle")
        #expect(backdrop.color(atRow: 999, of: 1000) & 0xFF >= 195)
        #expect(ImageBackdrop.gradient([.rgb(9, 9, 9), .black, .black, .black]).colors.count == 3, "at most three stops")
        // A clear picture over a two-colour gradient: dark at the top, light at the bottom.
        let clear = ImageFixtures.png(ImageFixtures.Pixels.solid(255, 0, 0, 0))
        let cells = try #require(ImageConversionTests.cells(ImageConversionTests.render(
            clear, backdrop: .gradient([.rgb(0, 0, 0), .rgb(240, 240, 240)]))))
        let top = ImageFixtures.halves(cells[0, 8]).top, bottom = ImageFixtures.halves(cells[cells.rows - 1, 8]).bottom
        #expect(top.0 < 40 && bottom.0 > 200, "top \(top), bottom \(bottom)")
    }
}
