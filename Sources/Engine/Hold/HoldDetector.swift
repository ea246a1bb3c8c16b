/// Tells holds from taps for a key whose release the terminal does not report (SPEC 4.1).
///
/// A held key arrives as a first press, a pause of the initial repeat delay (225 ms – 1 s), then
/// repeats every 30–100 ms. The detector is a pure function of those events and their times:
/// - the first space gives `.began` at once;
/// - a space within the tap window keeps it held; after the last one, `.ended` comes when the
///   release window (about 6× the learned repeat interval, within 0.120–0.500 s) passes in silence;
/// - a press with no repeat within the tap window (0.75 s, or the learned initial delay plus 10 %
///   if longer, at most 1 s) gives `.becameTap`; a space after that but within 1 s of the press
///   was a late first repeat: `.tapRetracted`, and the key is held again.
///
/// `press(at:)` and `release(at:)` are for sources that do report the release (the mouse button,
/// terminals with key-release reporting): the hold ends on the release and never becomes a tap;
/// the caller tells a click from a hold by `heldSince`.
///
/// Call `advance(to:)` when the clock reaches `nextDeadline`; the other calls advance by themselves.
public struct HoldDetector: Sendable, Equatable {
    /// The shortest tap window: a press not repeated within it is a tap.
    public static let minimumTapWindow = 0.75
    /// The longest tap window, however slow the learned initial delay (SPEC 4.1: up to 1 s).
    public static let maximumTapWindow = 1.0
    /// A space this long after a press that became a tap still counts as its late first repeat:
    /// longer than the slowest initial delay (1 s) plus terminal or ssh jitter.
    public static let lateRepeatLimit = 1.5
    /// The release window before any repeat interval is known.
    public static let defaultReleaseWindow = 0.5
    /// The release window is kept within these bounds.
    public static let releaseWindowBounds = 0.120...0.500
    /// The release window is this many times the repeat interval.
    public static let releaseWindowFactor = 6.0
    /// How many recent repeat intervals are remembered.
    static let rememberedGaps = 9

    private enum State: Sendable, Equatable {
        case idle
        /// The first space came; waiting for the first repeat.
        case pressed(at: Double)
        /// Repeats are coming; `last` is the latest space.
        case repeating(press: Double, last: Double)
        /// The press became a tap; a space until `press + lateRepeatLimit` retracts it.
        case tapped(press: Double)
        /// Held by an explicit press, until an explicit release.
        case explicit(press: Double)
    }

    private var state = State.idle
    /// The latest time seen; earlier times passed later are treated as this one.
    private var clock = -Double.infinity
    /// Recent gaps between repeats (not counting the initial delay), oldest first.
    private var gaps: [Double] = []
    /// The latest initial repeat delay, confirmed by a repeat that followed it.
    private var initialDelay: Double?
    /// The delay to the first repeat of the press in progress, until the next repeat confirms it.
    private var pendingInitialDelay: Double?

    /// Creates a detector that has learned nothing yet.
    public init() {}

    /// Whether the key or button counts as held now.
    public var isHeld: Bool {
        switch state {
        case .pressed, .repeating, .explicit: return true
        case .idle, .tapped: return false
        }
    }

    /// When the current hold started (the first press), or nil when nothing is held.
    public var heldSince: Double? {
        switch state {
        case .pressed(let press), .repeating(let press, _), .explicit(let press): return press
        case .idle, .tapped: return nil
        }
    }

    /// Silence after the last repeat that counts as a release: 6× the median of recent repeat
    /// intervals, kept within 0.120–0.500 s; 0.5 s before any interval is known.
    public var releaseWindow: Double {
        guard !gaps.isEmpty else { return Self.defaultReleaseWindow }
        let sorted = gaps.sorted()
        let median = sorted[sorted.count / 2]
        let window = Self.releaseWindowFactor * median
        return Swift.min(Swift.max(window, Self.releaseWindowBounds.lowerBound), Self.releaseWindowBounds.upperBound)
    }

    /// How long a press waits for its first repeat before it counts as a tap: 0.75 s, or the
    /// learned initial repeat delay plus 10 % if that is longer, at most 1 s.
    public var tapWindow: Double {
        let learned = (initialDelay ?? 0) * 1.1
        return Swift.min(Swift.max(Self.minimumTapWindow, learned), Self.maximumTapWindow)
    }

    /// When `advance(to:)` must be called next, or nil when nothing can happen without input.
    public var nextDeadline: Double? {
        switch state {
        case .pressed(let press): return press + tapWindow
        case .repeating(_, let last): return last + releaseWindow
        case .idle, .tapped, .explicit: return nil
        }
    }

    /// A space arrived: a press or a repeat (terminals cannot tell them apart).
    ///
    /// - Parameter now: the caller's monotonic clock, in seconds.
    /// - Returns: what that means, after any deadline up to `now`.
    public mutating func spaceKey(at now: Double) -> [HoldSignal] {
        var signals = advance(to: now)
        let now = clock
        switch state {
        case .idle:
            state = .pressed(at: now)
            signals.append(.began)
        case .pressed(let press):
            pendingInitialDelay = now - press
            state = .repeating(press: press, last: now)
        case .repeating(let press, let last):
            remember(gap: now - last)
            if let delay = pendingInitialDelay {
                initialDelay = delay
                pendingInitialDelay = nil
            }
            state = .repeating(press: press, last: now)
        case .tapped(let press):
            if now - press <= Self.lateRepeatLimit {
                pendingInitialDelay = now - press
                state = .repeating(press: press, last: now)
                signals.append(.tapRetracted)
            } else {
                state = .pressed(at: now)
                signals.append(.began)
            }
        case .explicit:
            break
        }
        return signals
    }

    /// An explicit press (a mouse button, or a key on a terminal that reports releases).
    ///
    /// - Returns: `.began`, unless something is already held.
    public mutating func press(at now: Double) -> [HoldSignal] {
        var signals = advance(to: now)
        switch state {
        case .idle, .tapped:
            state = .explicit(press: clock)
            signals.append(.began)
        case .pressed(let press), .repeating(let press, _):
            state = .explicit(press: press)
        case .explicit:
            break
        }
        return signals
    }

    /// An explicit release: ends any hold in progress.
    ///
    /// - Returns: `.ended` if something was held.
    public mutating func release(at now: Double) -> [HoldSignal] {
        var signals = advance(to: now)
        if isHeld {
            state = .idle
            pendingInitialDelay = nil
            signals.append(.ended)
        }
        return signals
    }

    /// Processes the deadline, if it is due by `now`.
    ///
    /// - Parameter now: the caller's monotonic clock; a time earlier than one already seen counts as that one.
    /// - Returns: `.becameTap` or `.ended` when due, else nothing.
    public mutating func advance(to now: Double) -> [HoldSignal] {
        if !now.isNaN { clock = Swift.max(clock, now) }
        switch state {
        case .pressed(let press) where press + tapWindow <= clock:
            state = .tapped(press: press)
            return [.becameTap]
        case .repeating(_, let last) where last + releaseWindow <= clock:
            state = .idle
            pendingInitialDelay = nil
            return [.ended]
        case .tapped(let press) where clock - press > Self.lateRepeatLimit:
            state = .idle
            return []
        default:
            return []
        }
    }

    private mutating func remember(gap: Double) {
        gaps.append(Swift.max(gap, 0))
        if gaps.count > Self.rememberedGaps {
            gaps.removeFirst(gaps.count - Self.rememberedGaps)
        }
    }
}
