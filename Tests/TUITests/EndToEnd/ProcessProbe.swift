import Foundation
import Glibc

/// What `/proc` says about a process the test started: whether it still runs, and its CPU time.
enum ProcessProbe {
    /// Running (a zombie that nobody reaped yet counts as ended: only the state in `/proc/PID/stat` tells).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let fields = statFields(pid) else { return false }
        return fields.first != "Z"
    }

    /// User plus system CPU time in clock ticks (`utime + stime`, fields 14 and 15 of `/proc/PID/stat`), or nil.
    static func cpuTicks(_ pid: Int32) -> Int? {
        guard let fields = statFields(pid), fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12])
        else { return nil }
        return user + system
    }

    /// Clock ticks per second (`sysconf(_SC_CLK_TCK)`).
    static var ticksPerSecond: Int { max(1, sysconf(Int32(_SC_CLK_TCK))) }

    /// Waits up to `timeout` seconds for the process to end; returns the seconds it took, or nil.
    static func waitUntilGone(_ pid: Int32, timeout: Double) -> Double? {
        let start = Date()
        repeat {
            if !isRunning(pid) { return Date().timeIntervalSince(start) }
            usleep(5_000)
        } while Date().timeIntervalSince(start) < timeout
        return nil
    }

    /// Ends a process the test started that is still there (a hung program under test must not outlive its test).
    static func killIfRunning(_ pid: Int32?) {
        guard let pid, isRunning(pid) else { return }
        kill(pid, SIGKILL)
    }

    /// The fields of `/proc/PID/stat` after the command name: the state first.
    private static func statFields(_ pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ")
    }
}
