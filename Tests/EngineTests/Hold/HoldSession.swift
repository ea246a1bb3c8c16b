import Engine

/// A `Playback` driven through a `HoldTracker`, as the viewer drives them, with every lifecycle
/// event kept; the hold tests speak in hand-written times.
struct HoldSession {
    var playback: Playback
    var holds = HoldTracker()
    var events: [LifecycleEvent] = []

    /// A session whose deck has begun at `now` (three long stories unless told otherwise); its
    /// `ready`, `start` and `begin` are the first events.
    init(_ deck: Deck = TestDecks.deck(["a", "b", "c"], durations: [100, 100, 100]),
         options: PlaybackOptions = PlaybackOptions(), at now: Double = 0) {
        playback = Playback(deck: deck, options: options)
        events = playback.begin(at: now)
    }

    /// A session begun at 0 whose `ready`, `start` and `begin` are already taken: its events start with the test's.
    static func started(_ deck: Deck = TestDecks.deck(["a", "b", "c"], durations: [100, 100, 100])) -> HoldSession {
        var session = HoldSession(deck)
        session.events = []
        return session
    }

    mutating func advance(to now: Double) { events += holds.advance(to: now, playback: &playback) }

    /// A space on a terminal that reports no release (`kind` nil) or one that does.
    mutating func space(_ kind: KeyEventKind? = nil, at now: Double) {
        events += holds.space(kind, at: now, playback: &playback)
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
        events += holds.mousePress(column: column, width: width, at: now, playback: &playback)
    }

    mutating func mouseRelease(column: Int = 70, width: Int = 80, at now: Double) {
        events += holds.mouseRelease(column: column, width: width, at: now, playback: &playback)
    }

    mutating func input(_ input: PlaybackInput, at now: Double) {
        advance(to: now)
        events += playback.handle(input, at: now)
    }

    /// The events since the last call, as brief lines.
    mutating func take() -> [String] {
        defer { events = [] }
        return events.log
    }
}
