/// Everything the viewer needs to know about holding: space (with or without key-release reports),
/// the mouse button, lost focus, and when title and caption hide (docs/PLAYBACK.md, "HoldTracker").
///
/// It owns the three detectors and applies what they conclude to the `Playback` passed in, in time
/// order, each at its own time: every call returns the lifecycle events that happened. Suspend and
/// resume events caused by space carry `via` (which detector served). Call `advance(to:playback:)`
/// instead of `playback.advance(to:)` when the clock reaches `nextDeadline` (or any earlier wake-up);
/// the input calls advance by themselves first, so deadlines that passed meet the state they were due in.
public struct HoldTracker: Sendable, Equatable {
    /// The repeat fallback for space (terminals that report no key release).
    public private(set) var repeats = HoldDetector()
    /// Space on terminals that report press, repeat and release.
    public private(set) var releases = KeyReleaseHold()
    /// The mouse button.
    public private(set) var pointer = PointerHold()
    /// Title and caption hide from this time on while it is set (see `hidesText(at:)`).
    public private(set) var textHiddenSince: Double?

    /// The mouse hold paused the deck (it was playing at the threshold), so its end must resume it.
    private var pointerPaused = false
    /// The latest time seen; earlier times passed later are treated as this one.
    private var clock = -Double.infinity

    /// Creates a tracker with nothing held.
    public init() {}

    /// The earliest time something changes without input: a detector's deadline, or the moment title
    /// and caption hide (so the viewer redraws then); nil when nothing is pending.
    public var nextDeadline: Double? {
        let hide = textHiddenSince.flatMap { $0 > clock ? $0 : nil }
        return repeats.nextDeadline.earliest(releases.nextDeadline).earliest(pointer.nextDeadline).earliest(hide)
    }

    /// Whether title and caption step aside at `now`: a sure hold of space that has lasted the
    /// threshold (exactly the threshold with key release; with the repeat fallback not before the
    /// hold is sure: its second repeat), or a mouse press held the threshold.
    public func hidesText(at now: Double) -> Bool {
        textHiddenSince.map { now >= $0 } ?? false
    }

    // MARK: - Inputs

    /// The clock reached `now`: applies every hold deadline up to it at its own time, interleaved
    /// with the playback's own deadlines, then advances the playback to `now`.
    public mutating func advance(to now: Double, playback: inout Playback) -> [LifecycleEvent] {
        let target = now.isNaN ? clock : Swift.max(now, clock)
        var events: [LifecycleEvent] = []
        while let deadline = nextDeadline, deadline <= target {
            events += playback.advance(to: deadline)
            clock = Swift.max(clock, deadline)
            let time = clock
            events += apply(repeats.advance(to: time), via: .repeat, at: time, to: &playback)
            events += apply(releases.advance(to: time), via: .release, at: time, to: &playback)
            events += apply(pointer.advance(to: time), at: time, to: &playback)
            updateText(from: playback)
        }
        events += playback.advance(to: target)
        if target.isFinite { clock = target }
        return events
    }

    /// Space: `kind` is nil on a terminal that does not say press, repeat or release (the repeat
    /// fallback serves), else what the terminal reported (key release mode serves). A switch from
    /// one mode to the other counts as a release for the hold in progress.
    public mutating func space(_ kind: KeyEventKind?, at now: Double, playback: inout Playback) -> [LifecycleEvent] {
        var events = advance(to: now, playback: &playback)
        let now = clock
        switch kind {
        case nil:
            events += apply(releases.end(at: now), via: .release, at: now, to: &playback)
            events += apply(repeats.spaceKey(at: now), via: .repeat, at: now, to: &playback)
        case .pressed?:
            events += apply(repeats.end(at: now), via: .repeat, at: now, to: &playback)
            events += apply(releases.press(at: now), via: .release, at: now, to: &playback)
        case .repeated?:
            events += apply(releases.repeated(at: now), via: .release, at: now, to: &playback)
        case .released?:
            events += apply(releases.release(at: now), via: .release, at: now, to: &playback)
        }
        updateText(from: playback)
        return events
    }

    /// The mouse button went down at `column` of a screen `width` columns wide.
    public mutating func mousePress(column: Int, width: Int, at now: Double, playback: inout Playback) -> [LifecycleEvent] {
        var events = advance(to: now, playback: &playback)
        events += apply(pointer.press(column: column, width: width, at: clock), at: clock, to: &playback)
        updateText(from: playback)
        return events
    }

    /// The mouse button came up at `column` of a screen `width` columns wide: a click navigates
    /// (left half: previous, right half: next), the end of a hold resumes.
    public mutating func mouseRelease(column: Int, width: Int, at now: Double, playback: inout Playback) -> [LifecycleEvent] {
        var events = advance(to: now, playback: &playback)
        events += apply(pointer.release(column: column, width: width, at: clock), at: clock, to: &playback)
        updateText(from: playback)
        return events
    }

    /// Forgets the mouse press under way without a click, ending its hold if it had one (call it
    /// when a panel opens: the press belonged to the story, and its release must not navigate).
    public mutating func cancelMouse(at now: Double, playback: inout Playback) -> [LifecycleEvent] {
        var events = advance(to: now, playback: &playback)
        events += apply(pointer.cancel(at: clock), at: clock, to: &playback)
        updateText(from: playback)
        return events
    }

    /// The terminal lost focus: every key and button counts as released now (a press too short for
    /// a hold is a tap), and a mouse press under way never becomes a click.
    public mutating func focusLost(at now: Double, playback: inout Playback) -> [LifecycleEvent] {
        var events = advance(to: now, playback: &playback)
        let now = clock
        events += apply(repeats.end(at: now), via: .repeat, at: now, to: &playback)
        events += apply(releases.end(at: now), via: .release, at: now, to: &playback)
        events += apply(pointer.cancel(at: now), at: now, to: &playback)
        updateText(from: playback)
        return events
    }

    // MARK: - Applying

    /// Applies space's signals; its suspend and resume events say which detector served.
    private func apply(_ signals: [HoldSignal], via: HoldDetection, at time: Double,
                       to playback: inout Playback) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        for signal in signals {
            for var event in playback.handle(.hold(signal, .hold), at: time) {
                switch event.kind {
                case .suspend(.hold), .resume(.hold): event.via = via
                default: break
                }
                events.append(event)
            }
        }
        return events
    }

    /// Applies the mouse's outcomes: a hold pauses only a playing deck; a click navigates.
    private mutating func apply(_ outcomes: [PointerOutcome], at time: Double,
                                to playback: inout Playback) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        for outcome in outcomes {
            switch outcome {
            case .holdBegan:
                guard !playback.isPaused else { continue }
                pointerPaused = true
                events += playback.handle(.hold(.began, .mouse), at: time)
            case .holdEnded:
                guard pointerPaused else { continue }
                pointerPaused = false
                events += playback.handle(.hold(.ended, .mouse), at: time)
            case .click(let column, let width):
                events += playback.handle(PointerHold.navigation(column: column, width: width), at: time)
            }
        }
        return events
    }

    /// Another input changed the holds the playback accepts (`p` or a control `resume` ends a press
    /// under way): title and caption come back with them.
    mutating func playbackChanged(_ playback: Playback) {
        updateText(from: playback)
    }

    /// Recomputes when title and caption hide, from the holds the playback accepted.
    private mutating func updateText(from playback: Playback) {
        var space: Double?
        if let since = playback.holdStart(of: .hold) {
            if releases.isHeld {
                space = since + HoldTiming.threshold
            } else if let confirmed = repeats.confirmedSince {
                space = Swift.max(since + HoldTiming.threshold, confirmed)
            }
        }
        textHiddenSince = space.earliest(pointer.holdingSince)
    }
}
