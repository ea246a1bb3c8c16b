/// Holds of a key on a terminal that reports press, repeat and release (the kitty keyboard
/// protocol): exact, no inference (docs/PLAYBACK.md, "Key release mode").
///
/// - A press gives `.began` at once.
/// - A release gives `.becameTap` if the press lasted less than `HoldTiming.threshold` (the pause
///   becomes sticky), else `.ended`.
/// - Repeats do not change the hold; they only show the key is still down.
/// - A release that never comes ends the hold (`.ended`) `safetyTimeout` after the last press or
///   repeat; a press while the key counts as down first resolves the lost release, as above.
///
/// Call `advance(to:)` when the clock reaches `nextDeadline`; the other calls advance by themselves.
public struct KeyReleaseHold: Sendable, Equatable {
    /// How long after the last press or repeat a key still counts as down without a release.
    /// A held key repeats every 30–100 ms, so 2 s of silence means the release was lost.
    public static let safetyTimeout = 2.0

    private enum State: Sendable, Equatable {
        case idle
        /// Down since `press`; `last` is the latest press or repeat.
        case down(press: Double, last: Double)
    }

    private var state = State.idle
    /// The latest time seen; earlier times passed later are treated as this one.
    private var clock = -Double.infinity

    /// Creates a detector with no key down.
    public init() {}

    /// Whether the key is down.
    public var isHeld: Bool { heldSince != nil }

    /// When the key went down, or nil when it is up.
    public var heldSince: Double? {
        if case .down(let press, _) = state { return press }
        return nil
    }

    /// The safety deadline while the key is down; nil when it is up.
    public var nextDeadline: Double? {
        if case .down(_, let last) = state { return last + Self.safetyTimeout }
        return nil
    }

    /// The key went down.
    ///
    /// - Returns: `.began`, after the signal for a lost release if the key still counted as down.
    public mutating func press(at now: Double) -> [HoldSignal] {
        var signals = advance(to: now)
        signals += letGo()
        state = .down(press: clock, last: clock)
        signals.append(.began)
        return signals
    }

    /// The terminal repeated the key: it is still down (a repeat with no press seen is ignored).
    public mutating func repeated(at now: Double) -> [HoldSignal] {
        let signals = advance(to: now)
        if case .down(let press, _) = state { state = .down(press: press, last: clock) }
        return signals
    }

    /// The key came up.
    ///
    /// - Returns: `.becameTap` for a press shorter than the threshold, `.ended` for a hold,
    ///   nothing if the key was not down.
    public mutating func release(at now: Double) -> [HoldSignal] {
        advance(to: now) + letGo()
    }

    /// The key counts as released now (focus lost, or the terminal stopped reporting releases).
    public mutating func end(at now: Double) -> [HoldSignal] {
        release(at: now)
    }

    /// Ends a hold whose release never came, once the safety deadline is due by `now`.
    ///
    /// - Parameter now: the caller's monotonic clock; a time earlier than one already seen counts as that one.
    public mutating func advance(to now: Double) -> [HoldSignal] {
        if !now.isNaN { clock = Swift.max(clock, now) }
        guard let deadline = nextDeadline, deadline <= clock else { return [] }
        state = .idle
        return [.ended]
    }

    private mutating func letGo() -> [HoldSignal] {
        guard case .down(let press, _) = state else { return [] }
        state = .idle
        return clock - press < HoldTiming.threshold ? [.becameTap] : [.ended]
    }
}
