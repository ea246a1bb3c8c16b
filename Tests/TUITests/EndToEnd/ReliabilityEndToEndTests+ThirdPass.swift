import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// Issue 26 (reliability, third pass) through the real binary on a pseudo-terminal: a FIFO at the seen-stories
/// path, `COLUMNS`/`LINES` far beyond any screen, `q` while the terminal does not read (Ctrl-S), and bytes
/// typed before start-up that look like the terminal's answers.
/// docs/RELIABILITY.md lists them by promise, with what each did before.
extension ReliabilityEndToEndTests {
    /// Makes `XDG_STATE_HOME` in the run's folder with a FIFO where the deck's seen stories go; the variable.
    static func fifoAtSeenPath(_ run: ScratchRun) throws -> (variable: String, fifo: String) {
        let state = run.path("state")
        try FileManager.default.createDirectory(atPath: state + "/stories-tui", withIntermediateDirectories: true)
        let real = try #require(realpath(run.deck, nil))
        defer { free(real) }
        let fifo = state + "/stories-tui/" + SeenStoriesStore.fileName(forDeck: String(cString: real))
        try #require(mkfifo(fifo, 0o600) == 0)
        return ("XDG_STATE_HOME=" + state, fifo)
    }

    @Test("a FIFO at the seen-stories path, with and without --resume: the first frame within 1 s, q exits 0",
          arguments: [false, true])
    func fifoAtSeenPath(resume: Bool) throws {
        let run = ScratchRun(deck: Self.threeStories)
        let (variable, fifo) = try Self.fifoAtSeenPath(run)
        // Before: open(2) waited for a writer for good: a blank screen, q unanswered (only SIGTERM ended it).
        let outcome = try Self.drive((resume ? ["--resume"] : []) + [run.deck], steps: [
            "wait-output Dawn", "send q", "wait-exit 3",
        ], environment: [variable])
        let label = resume ? "--resume" : "no --resume"
        #expect(outcome.waitedFor.isEmpty, "\(label): \(outcome)")
        #expect((outcome.arrivals.first ?? 99) < 1, "\(label): first frame after \(outcome.arrivals)")
        #expect(outcome.status == 0 && outcome.restored, "\(label): \(outcome)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && FileType(mode: status.st_mode) == .fifo, "the FIFO is left alone")
    }

    @Test("COLUMNS/LINES far beyond any screen: the same clamp as the terminal's size; q within 1 s, peak RSS ≤ 64 MiB",
          arguments: [("40000", "30000"), ("65535", "65535"), ("5000", "3000"), ("99999999999999999999", "24")])
    func hugeEnvironmentSize(columns: String, lines: String) throws {
        let run = ScratchRun(deck: Self.manyStories)
        // Before: 5000×3000 reached 1.2 GiB; 40000×30000 went past the address-space cap; 65535×65535 was
        // reported as an unknown terminal type.
        let outcome = try Self.drive([run.deck], steps: ["wait-output Story 1", "mark", "send q", "wait-exit 3"],
                                     environment: ["COLUMNS=" + columns, "LINES=" + lines])
        let label = "\(columns)×\(lines)"
        // Full screen, not the plain-text fallback (65535×65535 was "not known"; the text shows there too).
        #expect(outcome.waitedFor.isEmpty && outcome.status == 0 && outcome.restored, "\(label): \(outcome)")
        #expect((outcome.exitSeconds ?? 99) < 1, "\(label): q answered after \(outcome.exitSeconds.map { "\($0) s" } ?? "never")")
        #expect(outcome.peakKiB > 0 && outcome.peakKiB <= 64 * 1024, "\(label): peak \(outcome.peakKiB) KiB")
    }

    @Test("COLUMNS/LINES that are not sizes are left out: the terminal's size is used")
    func junkEnvironmentSize() throws {
        let run = ScratchRun(deck: Self.threeStories)
        let outcome = try Self.drive([run.deck], steps: ["wait-output Dawn", "send q", "wait-exit 3"],
                                     environment: ["COLUMNS=80x", "LINES=-3"])
        #expect(outcome.waitedFor.isEmpty && outcome.status == 0, "\(outcome)")
    }

    /// 40 stories of 3 s: at 80 columns the bar steps about every 40 ms, so the loop writes while output is stopped.
    static let quickStories: String = {
        let stories = (1...40).map { #"{ "id": "s\#($0)", "title": "Story \#($0)", "art": "*" }"# }
        return #"{ "duration": 3, "stories": [ "# + stories.joined(separator: ", ") + " ] }"
    }()

    @Test("Ctrl-S (the terminal stops reading), then q or SIGTERM, bar steps slow or quick: exit within 1 s, the mode restored",
          arguments: ["send q", "signal TERM"], [false, true])
    func quitWhileOutputStopped(quit: String, quickSteps: Bool) throws {
        let run = ScratchRun(deck: quickSteps ? Self.quickStories : Self.manyStories)
        // Before: q acted only after Ctrl-Q: the loop waited in a write (a bar step) or in endwin's drain of the
        // output; SIGTERM's watchdog ended it but left the mode when the restore could not be written.
        let outcome = try Self.drive([run.deck], steps: ["wait-output Story 1", "modes", "send \\x13", "wait 1",
                                                         "mark", quit, "wait-exit 3", "modes"])
        let label = "\(quit), \(quickSteps ? "quick" : "slow") steps"
        let expected: Int32 = quit == "send q" ? 0 : 143
        #expect(outcome.status == expected, "\(label): \(outcome)")
        #expect((outcome.exitSeconds ?? 99) < 1, "\(label): exit after \(outcome.exitSeconds.map { "\($0) s" } ?? "never")")
        #expect(outcome.modes == [false, true], "\(label): echo and canonical input back on: \(outcome.modes)")
    }

    /// The kitty protocol's answer to `CSI ? u` + DA1, twice (detection and confirmation), as a forger types it.
    static let fakeKittyAnswers = #"\x1b[?15u\x1b[?62;22c\x1b[?15u\x1b[?62;22c"#

    @Test("typed-ahead bytes that look like the kitty answers are read as keys, never as the answers",
          arguments: ["", "q", "\\x1b[C"])
    func typedAheadAnswers(keys: String) throws {
        // Titles of one length with no letter in common at any place: the second frame writes all of "Other".
        let run = ScratchRun(deck: #"{ "stories": [ { "title": "First", "art": "*" }, { "title": "Other", "art": "*" } ] }"#)
        let output = run.path("output")
        // Before: the program took them for the terminal's answer and pushed its flags (ESC [ > 15 u), so a tap
        // of space paused for 2 s instead of toggling; a typed-ahead q still quit, after the push.
        let steps = keys == "q" ? ["wait-exit 5"] : [keys.isEmpty ? "wait-output First" : "wait-output Other", "send q", "wait-exit 3"]
        let outcome = try Self.drive([run.deck], steps: steps, typeAhead: Self.fakeKittyAnswers + keys, output: output)
        #expect(outcome.status == 0 && outcome.waitedFor.isEmpty, "\(keys): \(outcome)")
        let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
        #expect(!written.contains("\u{1B}[>15u"), "\(keys): the flags were pushed")
    }

    @Test("two programs on one deck at once, each seeing other stories to their end: the state keeps both sets of marks")
    func overlappingInstances() throws {
        // Stories of 1.5 s with autoplay: the first program sees s1 and s2, the second s4 and s5, at about the same time;
        // both opened the state before either wrote.
        let deck = #"{ "duration": 1.5, "stories": ["# + (1...6).map { #"{ "id": "s\#($0)", "title": "S\#($0)", "art": "*" }"# }
            .joined(separator: ", ") + "] }"
        let run = ScratchRun(deck: deck)
        let state = ["XDG_STATE_HOME": run.path("state")]
        let first = run.start([run.deck], environment: state)
        let second = run.start(["--start", "4", run.deck], environment: state)
        #expect(first.waitForScreen { $0.joined().contains("S3") } != nil)
        #expect(second.waitForScreen { $0.joined().contains("S6") } != nil)
        first.send("q")
        second.send("q")
        #expect(first.waitForExit() == 0 && second.waitForExit() == 0)
        let real = try #require(realpath(run.deck, nil))
        defer { free(real) }
        let file = run.path("state") + "/stories-tui/" + SeenStoriesStore.fileName(forDeck: String(cString: real))
        let ids = Set(Self.lines(file).dropFirst(2))
        // Before: the last program to write replaced the other's marks.
        #expect(ids.isSuperset(of: ["s1", "s2", "s4", "s5"]), "\(ids.sorted())")
    }

    @Test("a terminal that never reads its output (quick bar steps and repaints fill its queue), then q: exit 0 within 1 s")
    func quitWhileNeverRead() throws {
        let run = ScratchRun(deck: Self.quickStories)
        // Before: the loop waited in a write once the pty's queue was full, and read no key until the output drained.
        let resizes = (0..<20).flatMap { ["resize \(100 + $0 % 2 * 60) \(30 + $0 % 2 * 20)", "wait 0.05"] }
        let outcome = try Self.drive([run.deck], steps: ["wait-output Story 1", "modes", "stop-reading"] + resizes
            + ["wait 0.5", "mark", "send q", "wait-exit 3", "modes"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect((outcome.exitSeconds ?? 99) < 1, "exit after \(outcome.exitSeconds.map { "\($0) s" } ?? "never")")
        #expect(outcome.modes == [false, true], "echo and canonical input back on: \(outcome.modes)")
    }
}
