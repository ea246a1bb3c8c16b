import Engine
import ViewerCore

/// The shell's one loop, the same in the program and in the tests (bubbletea's): each turn applies
/// the events effects queued, draws, sleeps until the session's next wake-up or until a source of
/// the host is ready, hands what arrived to the session, and ticks. Effects never call `update`:
/// one that produces an event (a cached picture, the size after `fg`) queues it for the top of the
/// next turn. The exit is the model's (`ViewerModel.exitCode`); the loop only stops there.
///
/// Generic over the terminal (`CursesBackend` in the program, `TestTerminal` in tests) and the host
/// (`PollingHost`: `poll`, signals, channels; `TestHost`: a script and a hand-written clock), so
/// that a session test of "press q" runs this code. It decides nothing and imports no system module.
final class Viewer<Backend: TerminalBackend, Host: ViewerHost> {
    let session: ViewerSession
    let backend: Backend
    let host: Host
    /// Events that effects produced, applied in order at the top of the next turn. Unchecked: every
    /// access is instantaneous (an append, a read by index, a test for empty), so none can overlap,
    /// and the runtime's check of each would cost a bar step about a hundred instructions.
    @exclusivity(unchecked) private var queued: [ViewerEvent] = []
    /// The model's wake-up the last turn slept toward (a bar step's time, mostly): a picture's piece is handed
    /// before it only if the terminal is believed to take it by then (`continueOutput(at:)`). Unchecked as
    /// `queued`: a store and a read, never overlapping.
    @exclusivity(unchecked) private var lastWake: Double?
    /// The last `catchUp` had nothing to do but draw: no queued event, no picture's piece owed. Only such a turn
    /// may go on as a quiet run. Unchecked as `queued`.
    @exclusivity(unchecked) private var quietTop = false

    init(session: ViewerSession, backend: Backend, host: Host) {
        self.session = session
        self.backend = backend
        self.host = host
    }

    /// The model's exit code, once it decided to end; the loop runs until then.
    var exitCode: Int32? { session.exitCode }

    /// Runs until the deck finishes, the user quits or a signal ends it; returns the exit code.
    /// The terminal is restored before it returns.
    func run() -> Int32 {
        defer {
            host.stopHelpers()
            backend.stop()
            host.finish()
        }
        start()
        while exitCode == nil { turn() }
        return exitCode ?? 0
    }

    /// The playback begins.
    func start() {
        perform(session.update(.start, at: host.now()))
    }

    /// One turn: the queued events and a frame (`catchUp`), a sleep until the next wake-up or a
    /// ready source, what each source brought (stopping at an exit), then a tick. A wake-up for a bar
    /// step is one `wait` that times out and a tick the model answers with nothing: no allocation.
    func turn() {
        guard var now = catchUp() else { return }
        let wake = session.nextWake(at: now)
        lastWake = wake
        let ready = runQuietOrWait(until: wake, from: now)
        now = host.now()
        if !ready { perform(session.flushInput(at: now)) }
        // Each check of the exit is a call into the core: when nothing is ready (a bar step) no source
        // is read, and a tick after an exit changes nothing (the model ignores it), so the exit is read
        // once a turn there, by `run`; else here, then after each source.
        var exited = ready && exitCode != nil
        var arrivals: [ViewerArrival] = []
        var took = false
        while !exited, host.take(into: &arrivals) {
            took = true
            let at = host.now()
            for arrival in arrivals where !exited {
                handle(arrival, at: at)
                exited = exitCode != nil
            }
            arrivals.removeAll(keepingCapacity: true)
        }
        if !exited { perform(session.update(.tick, at: took ? host.now() : now)) }
    }

    /// The top of a turn: applies the events effects queued (and any they queue), then draws.
    /// Returns the time drawn at, or nil when the queued events ended the run (the caller checks
    /// the exit before a turn).
    @discardableResult
    func catchUp() -> Double? {
        quietTop = queued.isEmpty && !backend.owesOutput
        if !queued.isEmpty {
            let now = host.now()
            var next = 0
            while exitCode == nil, next < queued.count {
                let event = queued[next]
                next += 1
                perform(session.update(event, at: now))
            }
            // After an exit the rest is dropped, as the model would ignore it.
            queued.removeAll(keepingCapacity: true)
            guard exitCode == nil else { return nil }
        }
        // Without queued events the exit is as the caller last saw it (`run` checks it each turn).
        let now = host.now()
        session.render(at: now)
        if backend.owesOutput { continueOutput(at: now) }
        // Input typed before the first query (read as the first frame went out): keys only.
        let early = backend.takeTypedAhead()
        if !early.isEmpty { perform(session.receiveTypedAhead(early, at: now)) }
        return now
    }

    /// The next piece of a picture after a frame: at once in the frame of the wake-up the loop slept toward (a bar
    /// step's, mostly: the piece then has the whole interval to the next), else only if the terminal is believed to
    /// take it before that wake-up (docs/IMAGES.md, "Sixel tiles").
    private func continueOutput(at now: Double) {
        let left = (lastWake ?? .infinity) - now
        if left <= 0 { backend.continueOutput() } else { _ = backend.continueOutput(within: left) }
    }

    /// The most bar steps a quiet run is worked out for at once (about 12 s of a 30 s story's bar at 80 columns):
    /// the turn between two runs is a whole turn, cold, so fewer runs are fewer of them.
    static var quietSteps: Int { 256 }

    /// While only the bar moves, the next steps are worked out at once (`ViewerSession.barSchedule`) and the host
    /// sleeps and writes them in a loop of its own that touches little memory (`ViewerHost.runQuiet`); anything
    /// ready, a deadline of the host's or a late wake-up hands back to this loop, the screen and the backend
    /// told of the steps written. Only after a turn that had nothing else to do (`quietTop`). Otherwise a sleep
    /// until `wake` (`waitWritingPieces`).
    private func runQuietOrWait(until wake: Double?, from now: Double) -> Bool {
        guard quietTop, !backend.owesOutput, let schedule = session.barSchedule(at: now, limit: Self.quietSteps),
              backend.prepareQuietRun(schedule.cells) else { return waitWritingPieces(until: wake, from: now) }
        let (written, ready) = host.runQuiet(schedule, writingTo: backend)
        backend.endQuietRun(written: written)
        session.took(written, of: schedule)
        // The wake-up the run was sleeping toward when it handed back: the next turn's first piece of a picture
        // is handed at once only in the frame of that one (`continueOutput(at:)`), not of a step already written.
        lastWake = schedule.times[min(written, schedule.times.count - 1)]
        return ready
    }

    /// Sleeps until `wake` or a ready source. While a large picture goes out in pieces, the loop looks again
    /// within a frame (a turn then writes the next piece), and sooner where the backend knows when the terminal
    /// will have taken the last one (`outputWait`): it then hands the next piece without a turn, so that the
    /// terminal is kept busy with small pieces and the bar step stays due at `wake` (docs/IMAGES.md, "Pieces
    /// sized by the terminal's speed").
    private func waitWritingPieces(until wake: Double?, from now: Double) -> Bool {
        guard backend.owesOutput else { return host.wait(until: wake) }
        let frame = now + ViewerModel.frameInterval
        var due = now + backend.outputWait
        while due < frame, due < wake ?? .infinity {
            if host.wait(until: due) { return true }
            // Woken before it for a deadline of the host's own (the helper's): a turn takes it.
            if host.now() < due { return false }
            // A piece the terminal would still be taking when the bar step is due waits for the step.
            guard backend.continueOutput(within: (wake ?? .infinity) - host.now()) else { break }
            guard backend.owesOutput else { return host.wait(until: wake) }
            due = host.now() + backend.outputWait
        }
        return host.wait(until: min(wake ?? .infinity, frame))
    }

    /// Queues an event an effect produced, for the top of the next turn.
    func queue(_ event: ViewerEvent) {
        queued.append(event)
    }

    private func handle(_ arrival: ViewerArrival, at now: Double) {
        switch arrival {
        case .input(let bytes): perform(session.receive(bytes, at: now))
        case .event(let event): perform(session.update(event, at: now))
        case .problem(let message): host.logError(message)
        }
    }
}
