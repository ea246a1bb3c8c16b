import Engine
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// Keys as `Keymap` binds them, mode by mode, run through the shipped loop. To change what a key does
/// in a mode: change its row in `Keymap` (or add a row above it), and its test here.
@Suite
struct KeymapSessionTests {
    static let deck = ViewerSessionTests.deck
    static let tab = "\t", down = "\u{1B}[B", enter = "\r"

    @Test("Tab in the story list closes it where it was: the deck plays on, the story unchanged")
    func tabClosesTheList() {
        let harness = SessionHarness(Self.deck)
        harness.type(Self.tab, at: 1)
        harness.type(Self.down, at: 1.5)
        #expect(harness.screen.joined().contains("Stories"))
        _ = harness.take()
        harness.type(Self.tab, at: 2)
        #expect(!harness.screen.joined().contains("Stories"))
        #expect(harness.take() == ["2.0 resume(overlay) dawn"])
        #expect(harness.screen[1].hasPrefix(" Dawn"))
    }

    @Test("a held key repeats only where its row says: a repeat of → skips on, a repeat of q does not quit")
    func repeats() {
        // Kitty keyboard protocol reports: event type 2 (`;1:2`) is a repeat.
        let harness = SessionHarness(Self.deck)
        _ = harness.take()
        harness.type("\u{1B}[1;1:2C", at: 1.1)   // a repeat of →
        #expect(harness.take() == ["1.1 end(next) dawn", "1.1 begin noon"])
        harness.type("\u{1B}[113;1:2u", at: 1.2)
        #expect(harness.exitCode == nil, "a repeat of q is not a press")
        harness.type("q", at: 1.3)
        #expect(harness.exitCode == 0)
    }

    @Test("control lines ask for the same actions as keys: next, previous, reload and quit log alike")
    func controlLinesAreActions() {
        for (key, word) in [("l", "next"), ("h", "previous"), ("r", "reload"), ("q", "quit")] {
            let byKey = SessionHarness(Self.deck), byLine = SessionHarness(Self.deck)
            byKey.type("l", at: 1)
            byLine.type("l", at: 1)
            byKey.type(key, at: 2)
            byLine.send(.control(ControlCommand(line: word)), at: 2)
            #expect(byKey.take() == byLine.take(), "\(key) and `\(word)`")
            #expect(byKey.reloadRequests == byLine.reloadRequests && byKey.exitCode == byLine.exitCode)
            #expect(ControlCommand(line: word) == .action(Keymap.action(for: .character(Character(key))) ?? .help))
        }
    }

    @Test("Ctrl-C and Ctrl-\\ as keys stand for SIGINT and SIGQUIT")
    func signalNumbers() {
        #expect(ViewerModel.interruptSignal == SIGINT && ViewerModel.quitSignal == SIGQUIT)
    }

    @Test("the help's quit row and the panels' last lines name their keys from the keymap")
    func namedKeys() {
        #expect(HelpRow.all.last?.label(ascii: false, spaceName: "space") == "q Esc Ctrl-C")
        #expect(OverlayLayout.storyListCloseKeys == [.escape, .tab])
        #expect(Keymap.keys(for: .close, in: .caption) == [.escape, .character("m")], "Enter closes it too, unnamed")
        #expect(Keymap.action(for: .enter, in: .caption) == .close)
    }
}
