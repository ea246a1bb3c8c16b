/// Tells holds from taps for a key whose release the terminal does not report (docs/PLAYBACK.md, "Holding"): the
/// repeat fallback. The rules, and why they are so, are in docs/PLAYBACK.md ("The repeat fallback").
///
/// A held key arrives as a press, a pause of the initial repeat delay (225 ms – 1 s), then repeats
/// every 30–100 ms, give or take network jitter. The detector is a pure function of those spaces
/// and their times:
/// - the first space gives `.began` at once;
/// - a space within the first-repeat band after the press is probably its first repeat: the key
///   stays held, and a second repeat (within the release window) makes the hold sure;
/// - a space before the band cannot be a first repeat: the press was a tap and this is a second
///   press (`.becameTap`, `.began`), so a quick second tap resumes at once; but a space within
///   80 ms of the press is a repeat bunched behind it (nobody taps that fast);
/// - no space by the end of the band: the press was a tap (`.becameTap`); a space after that is a
///   new press (`.began`), which resumes a sticky pause at once;
/// - a lone space in the band not followed by a second repeat within the release window was a
///   second tap after all: `.becameTap`, `.began` at that moment;
/// - after the last repeat, `.ended` once the release window passes in silence;
/// - a space read as a new press soon after another press, followed by a space too soon to be its
///   own first repeat, was a late (or early) first repeat of the earlier press: the key is held
///   (`.began` again: the one short resume–suspend cycle a misread costs).
///
/// Call `advance(to:)` when the clock reaches `nextDeadline`; `spaceKey(at:)` advances by itself.
public struct HoldDetector: Sendable, Equatable {
    /// A space this long after a press that became a tap may still be read as its late first repeat
    /// (once a further space shows repeats are coming); later spaces are plain new presses.
    public static let lateRepeatLimit = 1.5
    /// Nobody presses the same key twice this fast: a shorter gap after a press is a repeat
    /// (bunched by the network), never a second tap.
    public static let shortestTapGap = 0.08

    private enum State: Sendable, Equatable {
        case idle
        /// A space read as a press; waiting for its first repeat. `after`: the press before it, when
        /// this space might still prove to be that press's first repeat.
        case pressed(at: Double, after: Double?)
        /// A space within the first-repeat band: the first repeat, unless no second one follows.
        case firstRepeat(press: Double, at: Double)
        /// Repeats are coming; the hold is sure since `confirmed`; `last` is the latest space.
        case repeating(press: Double, confirmed: Double, last: Double)
        /// The press was a tap; until `press + lateRepeatLimit` a space may still be its late repeat.
        case tapped(press: Double)
    }

    private var state = State.idle
    /// The latest time seen; earlier times passed later are treated as this one.
    private var clock = -Double.infinity
    /// What has been learned of the terminal's repeat; it persists across presses.
    private var timing = RepeatTiming()

    /// Creates a detector that has learned nothing yet.
    public init() {}

    /// Whether the key counts as held now (including a press whose tap or hold is not decided yet).
    public var isHeld: Bool {
        switch state {
        case .pressed, .firstRepeat, .repeating: return true
        case .idle, .tapped: return false
        }
    }

    /// When the current press started, or nil when nothing is held.
    public var heldSince: Double? {
        switch state {
        case .pressed(let press, _), .firstRepeat(let press, _), .repeating(let press, _, _): return press
        case .idle, .tapped: return nil
        }
    }

    /// When the hold became sure (its second repeat arrived), or nil while it is not sure.
    public var confirmedSince: Double? {
        if case .repeating(_, let confirmed, _) = state { return confirmed }
        return nil
    }

    /// Silence after the last repeat that counts as a release (see `RepeatTiming.releaseWindow`).
    public var releaseWindow: Double { timing.releaseWindow }

    /// Where, in seconds after a press, its first repeat may come (see `RepeatTiming.firstRepeatBand`).
    public var firstRepeatBand: Range<Double> { timing.firstRepeatBand }

    /// When `advance(to:)` must be called next, or nil when nothing can happen without input.
    public var nextDeadline: Double? {
        // A tap's late-repeat limit changes nothing anyone sees: it is applied when the next call comes,
        // so a deck paused by a tap sleeps with no wake-up at all.
        if case .tapped = state { return nil }
        return dueTime
    }

    /// When the state changes by itself next, including the end of a tap's late-repeat limit.
    private var dueTime: Double? {
        switch state {
        case .idle: return nil
        case .pressed(let press, _): return press + firstRepeatBand.upperBound
        case .firstRepeat(_, let first): return first + releaseWindow
        case .repeating(_, _, let last): return last + releaseWindow
        case .tapped(let press): return press + Self.lateRepeatLimit
        }
    }

    /// A space arrived: a press or a repeat (the terminal cannot tell them apart).
    ///
    /// - Parameter now: the caller's monotonic clock, in seconds.
    /// - Returns: what it means, after any deadline up to `now` (those signals come first).
    public mutating func spaceKey(at now: Double) -> [HoldSignal] {
        var signals = advance(to: now)
        let now = clock
        switch state {
        case .idle:
            press(at: now, after: nil)
            signals.append(.began)
        case .tapped(let previous):
            press(at: now, after: previous)
            signals.append(.began)
        case .pressed(let press, let previous):
            let gap = now - press
            if let previous, gap < Swift.min(firstRepeatBand.lowerBound, releaseWindow) {
                // Too soon after a space read as a press to be its first repeat: that space was a
                // repeat of the press before it, and the key is held.
                timing.remember(initialDelay: press - previous)
                timing.startHold()
                timing.remember(gap: gap)
                state = .repeating(press: now, confirmed: now, last: now)
                signals.append(.began)
            } else if gap < Self.shortestTapGap {
                // Repeats bunched right behind the press: the key is held.
                timing.remember(gap: gap)
                state = .repeating(press: press, confirmed: now, last: now)
            } else if gap < firstRepeatBand.lowerBound {
                // Too soon to be a first repeat: the press was a tap, and this is a second one.
                self.press(at: now, after: press)
                signals += [.becameTap, .began]
            } else {
                state = .firstRepeat(press: press, at: now)
            }
        case .firstRepeat(let press, let first):
            timing.remember(initialDelay: first - press)
            timing.remember(gap: now - first)
            state = .repeating(press: press, confirmed: now, last: now)
        case .repeating(let press, let confirmed, let last):
            timing.remember(gap: now - last)
            state = .repeating(press: press, confirmed: confirmed, last: now)
        }
        return signals
    }

    /// The key counts as released now (focus lost, or the terminal switched to reporting releases).
    ///
    /// - Returns: `.becameTap` for a press no repeat followed yet, `.ended` for a hold, else nothing.
    public mutating func end(at now: Double) -> [HoldSignal] {
        var signals = advance(to: now)
        switch state {
        case .pressed: signals.append(.becameTap)
        case .firstRepeat, .repeating: signals.append(.ended)
        case .idle, .tapped: break
        }
        state = .idle
        return signals
    }

    /// Processes every deadline due by `now`, in order.
    ///
    /// - Parameter now: the caller's monotonic clock; a time earlier than one already seen counts as that one.
    /// - Returns: `.becameTap`, `.began` or `.ended` when due, else nothing.
    public mutating func advance(to now: Double) -> [HoldSignal] {
        if !now.isNaN { clock = Swift.max(clock, now) }
        var signals: [HoldSignal] = []
        while let deadline = dueTime, deadline <= clock {
            switch state {
            case .idle:
                return signals
            case .pressed(let press, _):
                state = .tapped(press: press)
                signals.append(.becameTap)
            case .firstRepeat(_, let first):
                // No second repeat: the space in the band was a second tap after all.
                self.press(at: first, after: nil)
                signals += [.becameTap, .began]
            case .repeating:
                state = .idle
                signals.append(.ended)
            case .tapped:
                state = .idle
            }
        }
        return signals
    }

    private mutating func press(at time: Double, after previous: Double?) {
        let previous = previous.flatMap { time - $0 <= Self.lateRepeatLimit ? $0 : nil }
        state = .pressed(at: time, after: previous)
        timing.startHold()
    }
}
