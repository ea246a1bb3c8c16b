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
