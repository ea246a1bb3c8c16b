import Foundation
import Glibc
import Testing

/// Issue 14 item 8, beyond `WriteFailureEndToEndTests` (which sends --plain, --check, --help and --events to
/// /dev/full): a closed standard output, and the outputs that suite does not try. Before, all of these exited 0.
extension ReliabilityEndToEndTests {
    @Test("a closed standard output (>&-) or /dev/full: one message on stderr and exit 74",
          arguments: ["--plain DECK >&-", "--check DECK >&-", "--help >&-", "--version >&-", "--version >/dev/full",
                      "--completions bash >&-", "--completions bash >/dev/full"])
    func closedStandardOutput(command: String) {
        let run = ScratchRun(deck: Self.threeStories)
        let line = TmuxSession.quote(TmuxSession.binary) + " "
            + command.replacingOccurrences(of: "DECK", with: TmuxSession.quote(run.deck))
        let output = ProcessRunner.run(["sh", "-c", line], environment: ["LANG": "C.UTF-8"], timeout: 10)
        #expect(output.status == 74, "\(command): \(output.standardError)")
        let lines = output.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("stories-tui: ") && lines[0].contains("standard output"),
                "\(command): \(output.standardError)")
    }
}
