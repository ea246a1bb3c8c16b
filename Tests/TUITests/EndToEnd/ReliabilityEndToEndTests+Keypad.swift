import Foundation
import Glibc
import Testing

/// Issue 14 item 7: keypad keys under `TERM=tmux-256color` and `screen-256color`. Before, the program switched
/// the terminal to application keypad mode, whose codes those terminfo entries lack, so `ESC O q` (KP1) read as
/// Esc, then `q`: KP0–9, KPEnter, KP / * - + . quit (exit 0), and KPEnter in the story list closed it.
extension ReliabilityEndToEndTests {
    /// The keypad as tmux names its keys.
    static let keypadKeys = (0...9).map { "KP\($0)" } + ["KPEnter", "KP/", "KP*", "KP-", "KP+", "KP."]

    /// What a terminal in application keypad mode sends for the same keys (`ESC O p`…`ESC O y`, `ESC O M`,
    /// `ESC O o j m k n`), in case a terminal keeps the mode on by itself.
    static let applicationKeypad = "pqrstuvwxyMojmkn".map { "\u{1B}O\($0)" }

    @Test("KP0–9, KPEnter and KP / * - + . (as keys and as application-keypad bytes) do not quit",
          arguments: ["tmux-256color", "screen-256color"])
    func keypadDoesNotQuit(term: String) throws {
        let run = ScratchRun(deck: Self.manyStories)
        let session = run.start([run.deck], environment: ["TERM": term])
        #expect(session.waitForScreen { Self.titleRow($0).contains("Story 1") } != nil)
        let pid = try #require(session.programPID())
        for key in Self.keypadKeys {
            session.send(key)
            usleep(100_000)
            #expect(ProcessProbe.isRunning(pid), "\(term): \(key) quit")
        }
        for bytes in Self.applicationKeypad {
            session.type(bytes)
            usleep(100_000)
            #expect(ProcessProbe.isRunning(pid), "\(term): \(bytes.debugDescription) quit")
        }
        // KPEnter is Enter: it opened the caption and closed it again, twice; the story stays.
        #expect(session.waitForScreen { Self.titleRow($0).contains("Story 1") && !$0.joined().contains("Story 2") } != nil,
                "\(session.screen())")
        session.send("q")
        #expect(session.waitForExit(timeout: 5) == 0)
        FaultEndToEndTests.expectRestored(session)
    }

    @Test("KPEnter in the story list jumps to the selected story, as a key and as `ESC O M`",
          arguments: ["tmux-256color", "screen-256color"])
    func keypadEnterInList(term: String) throws {
        let run = ScratchRun(deck: Self.threeStories)
        let session = run.start([run.deck], environment: ["TERM": term])
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        session.send("Tab")
        #expect(session.waitForScreen { $0.joined().contains("Noon") && $0.joined().contains("Dusk") } != nil, "no list")
        session.send("Down")
        usleep(100_000)
        session.send("KPEnter")
        #expect(session.waitForScreen { Self.titleRow($0).contains("Noon") && !$0.joined().contains("Dusk") } != nil,
                "KPEnter did not jump: \(session.screen())")
        session.send("Tab")
        #expect(session.waitForScreen { $0.joined().contains("Dawn") && $0.joined().contains("Dusk") } != nil, "no list")
        session.send("Down")
        usleep(100_000)
        session.type("\u{1B}OM")
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dusk") && !$0.joined().contains("Dawn") } != nil,
                "ESC O M did not jump: \(session.screen())")
        session.send("q")
        #expect(session.waitForExit(timeout: 5) == 0)
    }
}
