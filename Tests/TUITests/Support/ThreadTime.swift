import Glibc

/// CPU time of the calling thread: what a piece of code costs, whatever else the machine runs (a wall
/// clock on a loaded machine measures the others too). EngineTests has the same clock as `CPUClock`.
enum ThreadTime {
    /// The CPU time `work` took on this thread.
    static func measure(_ work: () -> Void) -> Duration {
        let start = now()
        work()
        return now() - start
    }

    static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
