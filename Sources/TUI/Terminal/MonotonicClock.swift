import Glibc

/// Seconds from the monotonic clock: the only place the program reads time.
enum MonotonicClock {
    /// Now, in seconds since an arbitrary fixed point.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
