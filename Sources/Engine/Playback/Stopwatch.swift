/// Measures running time from times passed in as arguments; it never reads a clock.
///
/// While running, its value is `accumulated + (now - anchor)`; a deadline is computed from the
/// anchor, so a chain of deadlines that each restart the watch at the previous one never drifts.
struct Stopwatch: Sendable, Equatable {
    /// The value when the watch last stopped or was reset.
    private(set) var accumulated: Double = 0
    /// The time the watch last started (or was reset while running).
    private(set) var anchor: Double
    /// Whether time currently counts.
    private(set) var isRunning: Bool

    /// A watch at 0, started at `time` if `running`.
    init(at time: Double, running: Bool) {
        anchor = time
        isRunning = running
    }

    /// The value at `now` (never less than the value at the last start).
    func value(at now: Double) -> Double {
        isRunning ? accumulated + Swift.max(0, now - anchor) : accumulated
    }

    /// The time at which the value reaches `target`, or nil while stopped.
    func time(whenReaching target: Double) -> Double? {
        isRunning ? anchor + (target - accumulated) : nil
    }

    /// Starts or stops counting at `now`, keeping the value.
    mutating func setRunning(_ running: Bool, at now: Double) {
        guard running != isRunning else { return }
        if running {
            anchor = now
        } else {
            accumulated = value(at: now)
        }
        isRunning = running
    }

    /// Sets the value to `value` at `now`, running or not.
    mutating func set(_ value: Double, at now: Double, running: Bool) {
        accumulated = value
        anchor = now
        isRunning = running
    }

    /// Moves the start later by `seconds` (used to skip whole loop cycles at once).
    mutating func delay(by seconds: Double) {
        anchor += seconds
    }
}
