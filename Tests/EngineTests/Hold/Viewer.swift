import Engine

/// The old test-only model of the viewer's loop, kept for the property tests until they move to the
/// real viewer model: now only the names they use, over a `HoldSession` (the shipped `HoldTracker`).
struct Viewer {
    var session: HoldSession

    var playback: Playback {
        get { session.playback }
        set { session.playback = newValue }
    }
    var events: [LifecycleEvent] {
        get { session.events }
        set { session.events = newValue }
    }
    /// The repeat detector that serves space.
    var space: HoldDetector { session.holds.repeats }
    /// The mouse button.
    var mouse: PointerHold { session.holds.pointer }

    init(_ deck: Deck, options: PlaybackOptions = PlaybackOptions(), at now: Double = 0) {
        session = HoldSession(deck, options: options, at: now)
    }

    mutating func advance(to now: Double) { session.advance(to: now) }
    mutating func space(at now: Double) { session.space(at: now) }
    mutating func holdSpace(from start: Double, initialDelay: Double, interval: Double, until end: Double) {
        session.holdSpace(at: start, firstRepeat: start + initialDelay, every: interval, until: end)
    }
    mutating func mousePress(at now: Double) { session.mousePress(at: now) }
    mutating func mouseRelease(at now: Double) { session.mouseRelease(at: now) }
    mutating func input(_ input: PlaybackInput, at now: Double) { session.input(input, at: now) }
    mutating func take() -> [String] { session.take() }
}
