/// The playback and the holds that pause it, as one value with one clock: the viewer owns one and
/// changes its playback only through it. Every input first applies the deadlines of both up to its
/// time, each at its own time and in order (`advance(to:)`, the only way time passes), so that no
/// caller has to keep that order: a story's end, a hold's release window and a mouse press reaching
/// 0.25 s meet the state they were due in.
public struct PlaybackSession: Sendable {
    /// The playback; read it freely, change it through the session.
    public private(set) var playback: Playback
    /// Holds of space (by key release or by repeats), of the mouse button, and when text hides.
    public private(set) var holds = HoldTracker()

    /// A session over `deck` that has not begun.
    public init(deck: Deck, options: PlaybackOptions) {
        playback = Playback(deck: deck, options: options)
    }

    /// The deck begins at `now` (`ready`, then `start` after the leeway).
    public mutating func begin(at now: Double) -> [LifecycleEvent] {
        playback.begin(at: now)
    }

    /// The clock reached `now`: every deadline of the holds and the playback up to it, at its own time.
    public mutating func advance(to now: Double) -> [LifecycleEvent] {
        holds.advance(to: now, playback: &playback)
    }

    /// Applies an input of the playback at `now`, after the deadlines up to `now`.
    public mutating func handle(_ input: PlaybackInput, at now: Double) -> [LifecycleEvent] {
        var events = advance(to: now)
        events += playback.handle(input, at: now)
        holds.playbackChanged(playback)
        return events
    }

    /// Space: nil on a terminal that does not say press, repeat or release, else what it reported.
    public mutating func space(_ kind: KeyEventKind?, at now: Double) -> [LifecycleEvent] {
        holds.space(kind, at: now, playback: &playback)
    }

    /// The mouse button went down at `column` of a screen `width` columns wide.
    public mutating func mousePress(column: Int, width: Int, at now: Double) -> [LifecycleEvent] {
        holds.mousePress(column: column, width: width, at: now, playback: &playback)
    }

    /// The mouse button came up: a click navigates, the end of a hold resumes.
    public mutating func mouseRelease(column: Int, width: Int, at now: Double) -> [LifecycleEvent] {
        holds.mouseRelease(column: column, width: width, at: now, playback: &playback)
    }

    /// Forgets the mouse press under way without a click (a panel opened over it).
    public mutating func cancelMouse(at now: Double) -> [LifecycleEvent] {
        holds.cancelMouse(at: now, playback: &playback)
    }

    /// The terminal lost focus: every key and button counts as released now.
    public mutating func focusLost(at now: Double) -> [LifecycleEvent] {
        holds.focusLost(at: now, playback: &playback)
    }

    /// The earliest deadline of the playback or the holds (the moment title and caption hide among them).
    public var nextDeadline: Double? {
        playback.nextDeadline.earliest(holds.nextDeadline)
    }

    /// Whether title and caption step aside at `now`.
    public func hidesText(at now: Double) -> Bool {
        holds.hidesText(at: now)
    }
}
