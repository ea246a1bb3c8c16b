import Engine
import ViewerCore

/// The world the shell's loop (`Viewer`) talks to besides the terminal: the clock, the sources of
/// what happens (input bytes, signals, control lines, the watcher, finished reloads and pictures),
/// and the channels the effects reach (the events file, seen stories, reloads, pictures, Ctrl-Z).
/// It decides nothing and never calls the model: what it brings, it hands back as `ViewerArrival`s.
///
/// `PollingHost` is the program's, over `poll` and the monotonic clock; the tests' `TestHost` plays
/// a script at hand-written times.
protocol ViewerHost: AnyObject {
    /// The loop's clock, in seconds.
    func now() -> Double
    /// Sleeps until `deadline` (nil: no limit of the loop's own) or until a source is ready. True when
    /// one is ready; false when the time ran out (the loop then resolves held-back input).
    func wait(until deadline: Double?) -> Bool
    /// Appends what the next ready source brought, in handling order (signals first); false when no
    /// source is left from the last `wait`.
    func take(into arrivals: inout [ViewerArrival]) -> Bool

    /// Sleeps through a quiet run (`BarSchedule`): for each step until it is due (and at least `BarSchedule.gap`
    /// after the last wake-up), then writes it (`backend.writeQuietStep`) unless the wake-up came at or after
    /// the next step's time. Stops at once when a source is ready (`take` then hands out what it brought, as after
    /// `wait`), at a deadline of the host's own, or on a late wake-up. Returns the steps written and whether a
    /// source is ready.
    func runQuiet<Backend: TerminalBackend>(_ schedule: BarSchedule, writingTo backend: Backend) -> (written: Int, ready: Bool)

    /// Appends lifecycle events to the events file.
    func log(_ events: [LifecycleEvent])
    /// Appends an `error` event to the events file.
    func logError(_ message: String)
    /// Starts reading the deck again; the result arrives as `.deckLoaded`.
    func loadDeck()
    /// Keeps a story as seen to its end.
    func markSeen(_ id: String)
    /// Submits these conversions, dropping queued ones not listed. Returns the ones it can answer at
    /// once (cached); the others arrive later as `.imageLoaded`.
    func loadImages(_ requests: [ImageRequest]) -> [ImageResult]
    /// Reads these videos' frames' delays in the picture helper; each answer arrives as `.videoScanned`.
    func scanVideos(_ paths: [String])
    /// `--watch`: watches these files besides the deck.
    func watchFiles(_ paths: [String])
    /// The kitty keyboard flags went on (or off) the terminal's stack: every way out must pop them.
    func keyboardFlags(pushed: Bool)
    /// How pictures are drawn is known (the graphics probe settled): the `ready` line can say it.
    func picturesChosen(_ images: ImagePresentation)
    /// Ctrl-Z with the terminal already given back: stops the process; returns once it runs again.
    func stopProcess()
    /// The loop ended: stops the helpers, before the terminal is given back.
    func stopHelpers()
    /// The terminal was given back: the last input is drained and the events file finished, bounded.
    func finish()
}

extension ViewerHost {
    func runQuiet<Backend: TerminalBackend>(_ schedule: BarSchedule, writingTo backend: Backend) -> (written: Int, ready: Bool) {
        runQuietStepwise(schedule, writingTo: backend)
    }

    /// A quiet run over `wait` and `now` (the tests' host, and `PollingHost`'s when its C loop cannot write): the
    /// rule `c_quiet_run` follows.
    func runQuietStepwise<Backend: TerminalBackend>(_ schedule: BarSchedule, writingTo backend: Backend) -> (written: Int, ready: Bool) {
        var last = now()
        for index in 0..<schedule.count {
            let due = max(schedule.times[index], last + BarSchedule.gap)
            if wait(until: due) { return (index, true) }
            last = now()
            // Woken before the step for a deadline of the host's own, or too late for it: the loop takes over.
            guard last >= due, last < schedule.times[index + 1] else { return (index, false) }
            backend.writeQuietStep(index)
        }
        return (schedule.count, false)
    }
}
