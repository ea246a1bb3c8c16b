import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program under GNU time and reports how it ended and the most memory it held.
///
/// The peak comes from GNU time (`%M`) rather than from `wait4` here: a child spawned by this large test process
/// inherits the process's own peak until it execs, and the kernel keeps that as the child's peak.
enum ChildProcess {
    /// How a child ended.
    struct Outcome {
        /// The exit status, or 128 + the signal that ended it.
        var status: Int32
        /// The peak resident set size, in bytes.
        var peakBytes: Int
    }

    static let timeCommand = "/usr/bin/time"

    /// Runs `arguments` (the first is a path) with standard input, output and error on /dev/null.
    /// - Returns: nil when it could not be started or measured.
    static func run(_ arguments: [String]) -> Outcome? {
        let report = NSTemporaryDirectory() + "stories-tui-time-\(UUID().uuidString)"
        defer { unlink(report) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([timeCommand, "-f", "%M", "-o", report] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, timeCommand, &actions, nil, argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // GNU time exits with the command's status (128 + N after signal N); its last line is the peak in KiB.
        guard status & 0x7F == 0, let text = try? String(contentsOfFile: report, encoding: .utf8),
            let last = text.split(separator: "\n").last, let kilobytes = Int(last)
        else { return nil }
        return Outcome(status: (status >> 8) & 0xFF, peakBytes: kilobytes * 1024)
    }

    /// The stories-tui binary built with these tests: in the products folder of the running test bundle
    /// (`/proc/self/exe`'s folder, wherever `--scratch-path` put it), never a fixed path in the checkout,
    /// where another build's binary may lie. Nil when it is not there.
    static var storiesTUI: String? {
        access(builtPath, X_OK) == 0 ? builtPath : nil
    }

    /// Where the binary built with these tests must be.
    static var builtPath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("stories-tui").path
    }

    /// The message for a missing binary.
    static var missingMessage: String {
        "stories-tui is not built next to the test bundle (\(builtPath)): run swift build --build-tests with the same --scratch-path"
    }
}
