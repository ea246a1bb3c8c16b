/// The mouse button's press, hold and click (docs/VIEWER.md, "Keys, signals, exit codes"; docs/PLAYBACK.md, "The mouse"):
/// - a press released before `HoldTiming.threshold` is a click, where it was pressed;
/// - a press held that long becomes a hold (`.holdBegan`, stamped at press + threshold);
///   its release gives `.holdEnded` and never navigates;
/// - a release the terminal never sent cannot stick: a new press ends the old hold first;
/// - a release with no press seen (some terminals merge a quick press and release) is a click there;
/// - a press cancelled (a panel opened, focus was lost) never clicks: its release is swallowed.
///
/// Call `advance(to:)` when the clock reaches `nextDeadline`; the other calls advance by themselves.
public struct PointerHold: Sendable, Equatable {
    private enum State: Sendable, Equatable {
        case idle
        /// Down since `at`, not yet a hold.
        case pressed(at: Double, column: Int, width: Int)
        /// A hold since `since` (press + threshold), until the release.
        case holding(since: Double)
        /// The press was cancelled; its release does nothing.
        case cancelled
    }

    private var state = State.idle
    /// The latest time seen; earlier times passed later are treated as this one.
    private var clock = -Double.infinity

    /// Creates a tracker with the button up.
    public init() {}

    /// Whether the press has become a hold (and is not released).
    public var isHeld: Bool { holdingSince != nil }

    /// When the press became a hold (press + threshold), or nil when there is no hold.
    public var holdingSince: Double? {
        if case .holding(let since) = state { return since }
        return nil
    }

    /// When the press under way becomes a hold; nil otherwise.
    public var nextDeadline: Double? {
        if case .pressed(let press, _, _) = state { return press + HoldTiming.threshold }
        return nil
    }

    /// Which way a click at `column` of a screen `width` columns wide navigates: the left half
    /// goes to the previous story, the right half to the next.
    public static func navigation(column: Int, width: Int) -> PlaybackInput {
        column < width / 2 ? .previous : .next
    }

    /// The button went down at `column` of a screen `width` columns wide.
    ///
    /// - Returns: `.holdEnded` if a hold was still on (its release was lost), else nothing.
    public mutating func press(column: Int, width: Int, at now: Double) -> [PointerOutcome] {
        let outcomes = advance(to: now) + endPress()
        state = .pressed(at: clock, column: column, width: width)
        return outcomes
    }

    /// The button came up at `column` of a screen `width` columns wide.
    ///
    /// - Returns: `.click` at the press before the threshold; `.holdEnded` after it; nothing for a
    ///   release without a press (the press went to a panel, or was never seen).
    public mutating func release(column: Int, width: Int, at now: Double) -> [PointerOutcome] {
        var outcomes = advance(to: now)
        switch state {
        case .idle, .cancelled:
            break
        case .pressed(_, let pressColumn, let pressWidth):
            outcomes.append(.click(column: pressColumn, width: pressWidth))
        case .holding:
            outcomes.append(.holdEnded)
        }
        state = .idle
        return outcomes
    }

    /// Forgets the press under way without a click (a panel opened, focus was lost): its release,
    /// when it comes, does nothing.
    ///
    /// - Returns: `.holdEnded` if it had become a hold.
    public mutating func cancel(at now: Double) -> [PointerOutcome] {
        let outcomes = advance(to: now) + endPress()
        if state != .idle { state = .cancelled }
        return outcomes
    }

    /// Turns the press into a hold once it has lasted the threshold by `now`.
    ///
    /// - Parameter now: the caller's monotonic clock; a time earlier than one already seen counts as that one.
    public mutating func advance(to now: Double) -> [PointerOutcome] {
        if !now.isNaN { clock = Swift.max(clock, now) }
        guard let deadline = nextDeadline, deadline <= clock else { return [] }
        state = .holding(since: deadline)
        return [.holdBegan]
    }

    /// What ending the press under way reports: `.holdEnded` if it had become a hold.
    private func endPress() -> [PointerOutcome] {
        if case .holding = state { return [.holdEnded] }
        return []
    }
}
