import Engine

/// The shipped `PlaybackSession` (a `Playback` driven through a `HoldTracker`), as the viewer drives
/// it, with every lifecycle event kept; the hold tests speak in hand-written times.
struct HoldSession {
    private(set) var session: PlaybackSession
    var playback: Playback { session.playback }
    var holds: HoldTracker { session.holds }
    var events: [LifecycleEvent] = []

    /// A session whose deck has begun at `now` (three long stories unless told otherwise); its
    /// `ready`, `start` and `begin` are the first events.
    init(_ deck: Deck = TestDecks.deck(["a", "b", "c"], durations: [100, 100, 100]),
         options: PlaybackOptions = PlaybackOptions(), at now: Double = 0) {
        session = PlaybackSession(deck: deck, options: options)
        events = session.begin(at: now)
    }

    /// A session begun at 0 whose `ready`, `start` and `begin` are already taken: its events start with the test's.
    static func started(_ deck: Deck = TestDecks.deck(["a", "b", "c"], durations: [100, 100, 100])) -> HoldSession {
        var session = HoldSession(deck)
        session.events = []
        return session
    }

    mutating func advance(to now: Double) { events += session.advance(to: now) }

    /// A space on a terminal that reports no release (`kind` nil) or one that does.
    mutating func space(_ kind: KeyEventKind? = nil, at now: Double) {
        events += session.space(kind, at: now)
    }

    /// Spaces at each of `times`, as a terminal without key release sends them.
    mutating func spaces(_ times: [Double]) {
        for time in times { space(at: time) }
    }

    /// A held space without release reports: the press, then repeats from `first` every `interval` to `until`.
    mutating func holdSpace(at press: Double, firstRepeat first: Double, every interval: Double, until end: Double) {
        space(at: press)
        var t = first
        while t <= end + 1e-9 {
            space(at: t)
            t += interval
        }
    }

    mutating func mousePress(column: Int = 70, width: Int = 80, at now: Double) {
        events += session.mousePress(column: column, width: width, at: now)
    }

    mutating func mouseRelease(column: Int = 70, width: Int = 80, at now: Double) {
        events += session.mouseRelease(column: column, width: width, at: now)
    }

    mutating func focusLost(at now: Double) {
        events += session.focusLost(at: now)
    }

    mutating func cancelMouse(at now: Double) {
        events += session.cancelMouse(at: now)
    }

    /// An input whose events the caller looks at itself (they are not kept).
    mutating func handle(_ input: PlaybackInput, at now: Double) -> [LifecycleEvent] {
        session.handle(input, at: now)
    }

    mutating func input(_ input: PlaybackInput, at now: Double) {
        events += session.handle(input, at: now)
    }

    /// The events since the last call, as brief lines.
    mutating func take() -> [String] {
        defer { events = [] }
        return events.log
    }
}
