import Engine

/// What the viewer's main loop does, without a terminal: one `HoldDetector` for space feeding a
/// `Playback`, both woken at their deadlines in time order. Every lifecycle event lands in `events`.
struct Viewer {
    var playback: Playback
    var space = HoldDetector()
    var mouse = HoldDetector()
    var events: [LifecycleEvent] = []

    init(_ deck: Deck, options: PlaybackOptions = PlaybackOptions(), at now: Double = 0) {
        playback = Playback(deck: deck, options: options)
        events += playback.begin(at: now)
    }

    /// The clock reaches `now`: the detector's deadlines first, each at its own time, then playback's.
    mutating func advance(to now: Double) {
        while true {
            let due = [space.nextDeadline, mouse.nextDeadline].compactMap { $0 }.filter { $0 <= now }
            guard let deadline = due.min() else { break }
            events += playback.advance(to: deadline)
            for signal in space.advance(to: deadline) {
                events += playback.handle(.hold(signal, .hold), at: deadline)
            }
            for signal in mouse.advance(to: deadline) {
                events += playback.handle(.hold(signal, .mouse), at: deadline)
            }
        }
        events += playback.advance(to: now)
    }

    /// A space arrives at `now` (press or repeat).
    mutating func space(at now: Double) {
        advance(to: now)
        for signal in space.spaceKey(at: now) {
            events += playback.handle(.hold(signal, .hold), at: now)
        }
    }

    /// A held space: a press at `start`, the first repeat after `initialDelay`, then repeats every
    /// `interval` up to `until`.
    mutating func holdSpace(from start: Double, initialDelay: Double, interval: Double, until end: Double) {
        space(at: start)
        var t = start + initialDelay
        while t <= end + 1e-9 {
            space(at: t)
            t += interval
        }
    }

    /// The mouse button goes down at `now`.
    mutating func mousePress(at now: Double) {
        advance(to: now)
        for signal in mouse.press(at: now) {
            events += playback.handle(.hold(signal, .mouse), at: now)
        }
    }

    /// The mouse button comes up at `now`.
    mutating func mouseRelease(at now: Double) {
        advance(to: now)
        for signal in mouse.release(at: now) {
            events += playback.handle(.hold(signal, .mouse), at: now)
        }
    }

    /// Any other input at `now`.
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
