#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// CPU time of the calling thread, for tests that compare the work of two input sizes by a ratio
/// (never against an absolute time): other processes on the machine do not count.
enum CPUClock {
    /// Seconds of CPU the calling thread has used.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The least CPU time of `runs` calls of `work`: the least disturbed run.
    static func fastest(of runs: Int, _ work: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = now()
            work()
            best = min(best, now() - start)
        }
        return best
    }

    /// Measures `work` in CPU time of this thread, as `ContinuousClock().measure` does in wall time:
    /// the bounds of the loading tests then hold on a machine that other programs keep busy.
    static let duration = ThreadDuration()

    /// `measure` in CPU time.
    struct ThreadDuration: Sendable {
        func measure(_ work: () throws -> Void) rethrows -> Duration {
            let start = CPUClock.now()
            try work()
            return .nanoseconds(Int64(((CPUClock.now() - start) * 1e9).rounded()))
        }
    }
}
