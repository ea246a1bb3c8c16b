import Foundation
import Glibc
import Testing

/// The kitty keyboard protocol end to end: the real binary on a pseudo-terminal driven by
/// `Scripts/fake-terminal.py`, which answers like kitty (flags and DA1, with a push/pop stack), like
/// tmux or VTE (DA1 only), or not at all, and runs the program as a job so that Ctrl-Z really stops it.
@Suite(.serialized)
struct KeyboardProtocolEndToEndTests {
    struct Outcome: Decodable {
        var family: String
        var depths: [Int]
        var mostFlags: Int
        var stackWhenStopped: Int?
        var status: Int32?
        var stackAtExit: Int
        var leftover: String?
    }

    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/fake-terminal.py").path
    static let deck = ViewerEndToEndTests.threeStories

    static func run(_ family: String, _ steps: [String], arguments: [String] = []) throws -> Outcome {
        let output = ProcessRunner.run(["python3", script, family, TmuxSession.binary] + arguments + [deck],
                                       input: steps.joined(separator: "\n") + "\n", timeout: 30)
        let line = output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        return try JSONDecoder().decode(Outcome.self, from: Data(line.utf8))
    }

    @Test("kitty: the flags are pushed once the probe confirms them; tmux/VTE and a silent terminal: never")
    func families() throws {
        let kitty = try Self.run("kitty", ["wait 0.5", "send \\x1b[113u"])
        #expect(kitty.mostFlags == 15 && kitty.depths.first == 1)
        #expect(kitty.status == 0 && kitty.stackAtExit == 0 && kitty.leftover == "")
        for family in ["tmux", "silent"] {
            let other = try Self.run(family, ["wait 0.5", "send q"])
            #expect(other.mostFlags == 0 && other.status == 0, "\(family)")
        }
    }

    struct FirstOutput: Decodable {
        var text: Int
        var sequences: [Int]
        var reads: Int
    }

    /// Every write to the terminal before the first frame delays it (the reader of the terminal runs in
    /// between): the modes (mouse, paste, focus) and the keyboard probe wait for the frame and follow it.
    @Test("the first frame comes before the modes and the keyboard probe, which follow it")
    func probeAfterFirstFrame() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/first-output.py").path
        let output = ProcessRunner.run(["python3", script, TmuxSession.binary, Self.deck, "Dawn",
                                        "\\x1b[?1000h", "\\x1b[?2004h", "\\x1b[?u"], input: "", timeout: 30)
        let line = output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        let found = try JSONDecoder().decode(FirstOutput.self, from: Data(line.utf8))
        #expect(found.text >= 0, "the title was drawn: \(line)")
        #expect(found.sequences.allSatisfy { $0 > found.text }, "mouse, paste and the probe after the frame: \(line)")
    }

    /// Curses writes while it sets up (its start strings, the keypad, the cursor): held back, they reach
    /// the terminal with the first frame, in one write (FirstFrameCapture). Before, the terminal read
    /// three writes while the frame was being made.
    @Test("nothing reaches the terminal before the first frame: the first read brings the whole frame")
    func oneWriteToTheFirstFrame() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/first-output.py").path
        let output = ProcessRunner.run(["python3", script, TmuxSession.binary, Self.deck, "Dawn", "\\x1b[?1049h",
                                        "\\x1b[?1049l"], input: "", timeout: 30)
        let line = output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        let found = try JSONDecoder().decode(FirstOutput.self, from: Data(line.utf8))
        #expect(found.text >= 0, "the title was drawn: \(line)")
        #expect(found.sequences.first.map { $0 >= 0 && $0 < found.text } == true,
                "the alternate screen is entered before the frame: \(line)")
        // Curses' start strings and endwin's were held back with the frame, and entered the alternate
        // screen, left it (the shell showed for a moment under tmux) and entered it again.
        #expect(found.sequences.last.map { $0 == -1 || $0 > found.text } == true,
                "the alternate screen is not left before the frame: \(line)")
        #expect(found.reads == 1, "everything before the frame came in the read that brought it: \(line)")
    }

    @Test("--key-release off never pushes, even on kitty")
    func off() throws {
        let outcome = try Self.run("kitty", ["wait 0.5", "send q"], arguments: ["--key-release", "off"])
        #expect(outcome.mostFlags == 0 && outcome.status == 0)
    }

    @Test("every way out pops the flags first and leaves nothing for the shell to read",
          arguments: [("send \\x1b[113u", 0), ("send \\x1b[99;5u", 130), ("send \\x1b[92;5u", 131),
                      ("signal TERM", 143), ("signal INT", 130), ("signal HUP", 129)] as [(String, Int32)])
    func exitPaths(step: String, status: Int32) throws {
        // A space held down when the program leaves: its release must not reach the shell.
        let outcome = try Self.run("kitty", ["wait 0.5", "send \\x1b[32u", "wait 0.1", step, "send \\x1b[32;1:3u"])
        #expect(outcome.status == status)
        #expect(outcome.stackAtExit == 0)
        #expect(outcome.leftover == "", "bytes reached the shell: \(outcome.leftover ?? "")")
    }

    @Test("Ctrl-Z mid-hold pops before the stop and pushes again after fg; a second SIGCONT pushes nothing")
    func suspendMidHold() throws {
        let outcome = try Self.run("kitty", ["wait 0.5", "send \\x1b[32u", "wait 0.3", "send \\x1b[122;5u",
                                             "expect-stopped", "fg", "wait 0.2", "signal CONT", "wait 0.2",
                                             "send \\x1b[32;1:3u", "send \\x1b[113u"])
        #expect(outcome.stackWhenStopped == 0, "popped before the stop")
        #expect(outcome.depths.contains(1) && outcome.depths.allSatisfy { $0 <= 1 }, "\(outcome.depths)")
        #expect(outcome.status == 0 && outcome.stackAtExit == 0 && outcome.leftover == "")
    }
}

/// Holding space with key-release reports, as the events file records it (precise timings are the
/// benchmark's; here the order, the cause, `via` and generous bounds).
@Suite(.serialized)
struct KeyReleaseHoldEndToEndTests {
    struct Event: Decodable {
        var t: Double
        var event: String
        var cause: String?
        var via: String?
    }

    static func events(on family: String = "kitty", _ steps: [String]) throws -> [Event] {
        let path = FaultEndToEndTests.eventsPath()
        defer { unlink(path) }
        _ = try KeyboardProtocolEndToEndTests.run(family, steps + ["send \\x1b[113u"], arguments: ["--events", path])
        return FaultEndToEndTests.events(path).compactMap { try? JSONDecoder().decode(Event.self, from: Data($0.utf8)) }
    }

    static func pauses(_ events: [Event]) -> [Event] { events.filter { $0.event == "suspend" || $0.event == "resume" } }

    @Test("press suspends, release resumes: both via release, the pause as long as the hold")
    func holdAndRelease() throws {
        let pauses = Self.pauses(try Self.events(["wait 0.5", "send \\x1b[32u", "wait 1.0", "send \\x1b[32;1:3u", "wait 0.3"]))
        #expect(pauses.map(\.event) == ["suspend", "resume"])
        #expect(pauses.allSatisfy { $0.cause == "hold" && $0.via == "release" })
        if pauses.count == 2 {
            let held = pauses[1].t - pauses[0].t
            #expect(held > 0.9 && held < 1.5, "held \(held) s for a 1 s hold")
        }
    }

    @Test("a short press is a tap: the pause stays until the next tap, which resumes at once")
    func tap() throws {
        let pauses = Self.pauses(try Self.events(["wait 0.5", "send \\x1b[32u", "send \\x1b[32;1:3u", "wait 1.0",
                                                  "send \\x1b[32u", "send \\x1b[32;1:3u", "wait 0.3"]))
        #expect(pauses.map(\.event) == ["suspend", "resume"])
        if pauses.count == 2 {
            #expect(pauses[1].t - pauses[0].t > 0.9, "sticky until the second tap")
        }
    }

    @Test("repeats keep the hold; a release that never comes ends it after the safety deadline")
    func lostRelease() throws {
        let pauses = Self.pauses(try Self.events(["wait 0.5", "send \\x1b[32u", "wait 0.2", "send \\x1b[32;1:2u",
                                                  "wait 3.0"]))
        #expect(pauses.map(\.event) == ["suspend", "resume"])
        if pauses.count == 2 {
            let held = pauses[1].t - pauses[0].t
            #expect(held > 1.5 && held < 3.0, "ended by the safety deadline, after \(held) s")
        }
    }

    @Test("without key-release reports (tmux), the repeat detector serves: via repeat")
    func repeatFallback() throws {
        var steps = ["wait 0.5", "send  "]
        for _ in 0..<20 { steps += ["wait 0.03", "send  "] }
        steps += ["wait 1.0"]
        let pauses = Self.pauses(try Self.events(on: "tmux", steps.map { $0 == "send  " ? "send \\x20" : $0 }))
        #expect(pauses.first?.event == "suspend" && pauses.first?.via == "repeat")
    }
}
