import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// The key-release negotiation as a whole session sees it: the bytes written to the terminal, the
/// terminal's replies fed back as bytes, what the shell is told, and Ctrl-C as a key.
@Suite
struct KeyboardProtocolSessionTests {
    static let query = "\u{1B}[?u\u{1B}[c", push = "\u{1B}[>15u"

    static func written(_ harness: SessionHarness) -> String {
        String(decoding: harness.terminal.controlBytes, as: UTF8.self)
    }

    @Test("a kitty-like terminal: flags before DA1, the push is confirmed, the shell is told to pop on the way out")
    func kitty() {
        let harness = SessionHarness(ViewerSessionTests.deck)
        #expect(Self.written(harness) == Self.query, "the probe starts with the first frame, without waiting")
        harness.type("\u{1B}[?0u\u{1B}[?62;22c", at: 0.01)
        #expect(Self.written(harness) == Self.query + Self.push + Self.query)
        #expect(harness.keyboardFlagsPushed)
        harness.type("\u{1B}[?15u\u{1B}[?62;22c", at: 0.02)
        #expect(harness.session.model.reportsKeyRelease)
        harness.run(until: 1)
        #expect(harness.keyboardFlagsPushed, "nothing expires once settled")
    }

    @Test("a tmux- or VTE-like terminal (DA1 only) and a silent one stay on the repeat detector, nothing pushed")
    func legacy() {
        let tmux = SessionHarness(ViewerSessionTests.deck)
        tmux.type("\u{1B}[?1;2c", at: 0.01)
        #expect(!tmux.session.model.reportsKeyRelease && tmux.session.model.keyboard.outcome == .legacy)
        let silent = SessionHarness(ViewerSessionTests.deck)
        silent.run(until: 0.19)
        #expect(silent.session.model.keyboard.outcome == nil)
        silent.run(until: 0.25)
        #expect(silent.session.model.keyboard.outcome == .legacy, "a silent terminal costs at most 200 ms")
        #expect(Self.written(silent) == Self.query)
        #expect(!silent.keyboardFlagsPushed)
    }

    @Test("a terminal that acknowledges the push but does not apply it is popped")
    func pushNotApplied() {
        let harness = SessionHarness(ViewerSessionTests.deck)
        harness.type("\u{1B}[?0u\u{1B}[?62c", at: 0.01)
        harness.type("\u{1B}[?0u\u{1B}[?62c", at: 0.02)
        #expect(Self.written(harness).hasSuffix("\u{1B}[<u"))
        #expect(!harness.keyboardFlagsPushed)
    }

    @Test("late replies are swallowed as replies, never read as keys")
    func lateReplies() {
        let harness = SessionHarness(ViewerSessionTests.deck)
        harness.run(until: 0.5)
        _ = harness.take()
        harness.type("\u{1B}[?15u\u{1B}[?62;22c", at: 0.6)
        #expect(harness.take().isEmpty && harness.exitCode == nil, "no Esc, no q, nothing")
    }

    @Test("with the flags on, Ctrl-C, Ctrl-\\ and Ctrl-Z arrive as keys and do what the signals do")
    func controlKeys() {
        let interrupt = SessionHarness(ViewerSessionTests.deck)
        interrupt.type("\u{1B}[99;5u", at: 1)
        #expect(interrupt.exitCode == 130)
        let quit = SessionHarness(ViewerSessionTests.deck)
        quit.type("\u{1B}[92;5u", at: 1)
        #expect(quit.exitCode == 131)
        let stop = SessionHarness(ViewerSessionTests.deck)
        stop.type("\u{1B}[122;5u", at: 1)
        #expect(stop.suspends == 1 && stop.exitCode == nil)
    }

    @Test("--key-release off never asks")
    func off() {
        let harness = SessionHarness(ViewerSessionTests.deck, settings: ViewerModel.Settings(keyRelease: .off))
        #expect(harness.terminal.controlBytes.isEmpty)
        #expect(harness.session.nextWake(at: 0) != nil)
    }
}

/// Holding space on a terminal that reports key release, as the screen shows it.
@Suite
struct KeyReleaseSessionTests {
    static func kitty() -> SessionHarness {
        let deck = Deck(defaultDuration: 10, stories: [Story(id: "a", title: "Alpha", caption: "First.", art: "*")])
        let harness = SessionHarness(deck)
        harness.type("\u{1B}[?0u\u{1B}[?62;22c", at: 0.01)
        harness.type("\u{1B}[?15u\u{1B}[?62;22c", at: 0.02)
        return harness
    }

    @Test("title and caption stay for 0.25 s of holding, then step aside; the release brings them back")
    func hidesAtThreshold() {
        let harness = Self.kitty()
        #expect(harness.session.model.reportsKeyRelease)
        _ = harness.take()
        harness.type("\u{1B}[32u", at: 1)
        #expect(harness.take() == ["1.0 suspend(hold) a"])
        harness.run(until: 1.2)
        #expect(harness.screen[1].contains("Alpha"), "still shown at 0.2 s")
        harness.run(until: 1.26)
        #expect(!harness.screen[1].contains("Alpha"), "hidden at 0.25 s")
        harness.type("\u{1B}[32;1:3u", at: 2)
        #expect(harness.take() == ["2.0 resume(hold) a"])
        #expect(harness.screen[1].contains("Alpha"))
    }
}
