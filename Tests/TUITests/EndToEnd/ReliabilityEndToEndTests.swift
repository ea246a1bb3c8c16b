import Foundation
import Glibc
import Testing

/// Issue 14, second reliability pass, through the real binary: one regression test per finding that
/// is not about loading (items 2, 3, 4, 6, 7, 8, 9, 10, 11, 12), each in `ReliabilityEndToEndTests+*.swift`.
/// Each test failed on the code before the fixes (commit 5b1db8c) unless its comment says otherwise;
/// docs/RELIABILITY.md lists them by promise. Serialized: on 2 cores, parallel terminals slow each other.
@Suite(.serialized)
struct ReliabilityEndToEndTests {
    /// Three stories with art, so that each title is on the second row.
    static let threeStories = """
    { "duration": 30, "stories": [
      { "id": "dawn", "title": "Dawn", "caption": "The sun comes up.", "art": "*" },
      { "id": "noon", "title": "Noon", "caption": "Bright and hot.", "art": "*" },
      { "id": "dusk", "title": "Dusk", "caption": "Long shadows.", "art": "*" }
    ] }
    """

    /// 200 stories of a minute each: no key sequence of a flood reaches the end of the deck by accident.
    static let manyStories: String = {
        let stories = (1...200).map { #"{ "id": "s\#($0)", "title": "Story \#($0)", "art": "*" }"# }
        return #"{ "duration": 60, "stories": [ "# + stories.joined(separator: ", ") + " ] }"
    }()

    static func titleRow(_ screen: [String]) -> String { screen.count > 1 ? screen[1] : "" }

    /// The screen as one line with runs of spaces collapsed: a notice wrapped over rows reads as its text.
    static func prose(_ screen: [String]) -> String {
        screen.joined(separator: " ").split(whereSeparator: { $0 == " " }).joined(separator: " ")
    }

    /// Lines of a text file (an events file, a captured standard error).
    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    // MARK: The pseudo-terminal driver

    /// What `Scripts/pty-driver.py` reports.
    struct DriverOutcome: Decodable {
        var status: Int32?
        var alive: [Bool]
        var exitSeconds: Double?
        var peakKiB: Int
        var cpuTicks: Int
        var restored: Bool
        var outputBytes: Int
        var modes: [Bool]
        var arrivals: [Double]
        var waitedFor: [String]
    }

    static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Scripts/pty-driver.py").path

    /// Runs the program on a pseudo-terminal through the driver's `steps` (one a line, see the script).
    /// - Parameters:
    ///   - environment: variables set for the program (`NAME=VALUE`).
    ///   - typeAhead: bytes in the terminal's input before the program starts (Python escapes).
    ///   - output: a file for everything the program wrote.
    static func drive(_ arguments: [String], steps: [String], term: String = "xterm-256color",
                      limitAddressSpaceMiB: Int = 4096, environment: [String] = [], typeAhead: String? = nil,
                      output: String? = nil) throws -> DriverOutcome {
        let settings = environment.flatMap { ["--env", $0] } + (typeAhead.map { ["--type-ahead", $0] } ?? [])
            + (output.map { ["--output", $0] } ?? [])
        let output = ProcessRunner.run(["python3", driver, "--term", term, "--limit-as", "\(limitAddressSpaceMiB)"]
                                           + settings + [TmuxSession.binary] + arguments,
                                       input: steps.joined(separator: "\n") + "\n", timeout: 120)
        let line = output.standardOutput.split(separator: "\n").last.map(String.init) ?? ""
        do {
            return try JSONDecoder().decode(DriverOutcome.self, from: Data(line.utf8))
        } catch {
            Issue.record("the driver said: \(output.standardOutput) \(output.standardError)")
            throw error
        }
    }
}
