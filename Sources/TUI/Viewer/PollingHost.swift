import Engine
import Glibc
import ViewerCore

/// The program's `ViewerHost`: sleeps in `poll` until input, a signal, a control line, a change of
/// the deck, a finished reload or picture, room in a slow events file, or the loop's deadline; turns
/// what is ready into `ViewerArrival`s, one source at a time in `PollList`'s order (signals first,
/// so that a quit signal wins); reads the monotonic clock. Nothing else runs on a wake-up for a bar
/// step: one `poll` that times out, no read, no allocation (the descriptor list is set in place).
final class PollingHost: ViewerHost {
    /// The peers the viewer talks to, each optional.
    struct Channels {
        var log: EventLog?
        var control: ControlChannel?
        var watcher: DeckWatcher?
        var reloader: DeckReloader?
        /// Where seen stories are kept (none for standard input, or when the file cannot be used).
        var seen: SeenStoriesStore?
        /// Converts pictures in a helper process (nil when pictures are shown as alt text).
        var images: ImageLoader?
        /// The colour depth in use, for the `ready` line.
        var depth = ColorDepth.none
        /// The first story's picture, submitted at the first `wait` (right after the first frame) when its form
        /// does not wait for the terminal's answers (`ViewerLauncher.firstPictureRequest`).
        var firstPicture: ImageRequest?
        /// The graphics probe's temporary file (`GraphicsProbe.kittyFileQuery`), deleted once the probe settled.
        var kittyProbeFile: String?
    }

    let backend: CursesBackend
    let signals: SignalWatcher
    var channels: Channels
    /// Most input bytes read in one wake-up; more waits for the next turn, so input cannot starve signals.
    static let readLimit = 4096
    /// How long input is drained after the kitty flags were popped.
    static let drainTime = 0.03

    /// What `poll` watches and what it found (kept between wake-ups, so that its storage is reused).
    /// Unchecked: only `wait` and `take` reach it, one call at a time, and neither calls out while it
    /// holds it; the runtime's check of its three accesses a wake-up would cost a bar step about 300
    /// instructions.
    @exclusivity(unchecked) private var polled = PollList()
    /// A reload was started and its result not yet taken: only then is the reloader's pipe polled, so that
    /// a quiet bar step's `poll` watches two descriptors (signals, input), not three (issue 24).
    var reloading = false

    init(backend: CursesBackend, signals: SignalWatcher, channels: Channels) {
        self.backend = backend
        self.signals = signals
        self.channels = channels
    }

    func now() -> Double { MonotonicClock.now() }

    func wait(until deadline: Double?) -> Bool {
        let deadline = deadline.earliest(watchSources())
        return polled.wait(nanoseconds: PollList.timeout(until: deadline, now: MonotonicClock.now())) > 0
    }

    /// Sets what `poll` watches (and submits the first picture at the first wait); returns the host's own
    /// deadline (the helper's time-outs), if any.
    private func watchSources() -> Double? {
        if let first = channels.firstPicture {
            channels.firstPicture = nil
            channels.images?.submit(first)
        }
        polled.watch(signals: signals.descriptor, input: backend.inputDescriptor,
                     control: channels.control?.descriptor, watcher: channels.watcher?.descriptor,
                     reload: reloading ? channels.reloader?.descriptor : nil, images: channels.images?.descriptor,
                     // The events file is polled only while lines wait for a slow reader.
                     events: channels.log.flatMap { $0.wantsWrite ? $0.descriptor : nil })
        return channels.images?.nextDeadline
    }

    /// The quiet run's loop (`ViewerHost.runQuiet`'s rule), in C (`c_quiet_run`, through `PollList.runQuiet`): the
    /// sources set once, then nothing but the clock, `ppoll` and the step's `write` to the terminal's own descriptor
    /// under the writer's lock, so that a step touches the schedule's times, its bytes and the poll list only (no
    /// channel can change without waking the `poll`). The program's backend is this host's (`backend`, the one
    /// passed); a step the C loop could not write whole (the writer's thread busy, the terminal full) goes
    /// the backend's usual way and ends the run, and without a target (`TerminalWriter.quietTarget`) the
    /// protocol's loop over `wait` runs instead.
    func runQuiet<Backend: TerminalBackend>(_ schedule: BarSchedule, writingTo backend: Backend) -> (written: Int, ready: Bool) {
        guard let target = self.backend.quietTarget else { return runQuietStepwise(schedule, writingTo: backend) }
        let own = watchSources() ?? .infinity
        let (next, outcome) = schedule.times.withUnsafeBufferPointer { times in
            self.backend.quietRun.withBuffers { bytes, ends in
                polled.runQuiet(times: times, first: 0, start: MonotonicClock.now(), own: own, bytes: bytes, ends: ends,
                                terminal: target.descriptor, lock: target.lock)
            }
        }
        guard outcome.failed != 0 else { return (next, outcome.ready > 0) }
        self.backend.finishQuietStep(next, after: Int(outcome.partial))
        return (next + 1, false)
    }

    func take(into arrivals: inout [ViewerArrival]) -> Bool {
        switch polled.next() {
        case .timedOut?:
            // The helper's time-outs are due only at its deadline; a bar step's wake-up leaves it alone.
            guard let due = channels.images?.nextDeadline, due <= MonotonicClock.now() else { return false }
            receivePictures(into: &arrivals)
            return true
        case .ready(let source, let events)?:
            take(source, events: events, into: &arrivals)
            return true
        case nil:
            return false
        }
    }

    private func take(_ source: PollList.Source, events: Int16, into arrivals: inout [ViewerArrival]) {
        switch source {
        case .signals:
            for signal in signals.take() { arrivals.append(.event(event(for: signal))) }
        case .input:
            var buffer = [UInt8](repeating: 0, count: Self.readLimit)
            let count = events & Int16(POLLIN) != 0 ? read(backend.inputDescriptor, &buffer, buffer.count) : 0
            if count > 0 {
                arrivals.append(.input(buffer[0..<count]))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                // A hung-up terminal reports POLLHUP (or end of file) for ever: end instead of spinning.
                arrivals.append(.event(.inputEnded))
            }
        case .control:
            for line in channels.control?.read() ?? [] {
                switch line {
                case .success(let command): arrivals.append(.event(.control(command)))
                case .failure(let failure): arrivals.append(.problem(Messages.channelProblem(failure)))
                }
            }
        case .watcher:
            guard let report = channels.watcher?.readChanges() else { break }
            for failure in report.failures { arrivals.append(.problem(Messages.channelProblem(failure))) }
            if report.changed { arrivals.append(.event(.deckChanged)) }
        case .events:
            channels.log?.flush()
        case .images:
            receivePictures(into: &arrivals)
        case .reload:
            if let result = channels.reloader?.take() {
                reloading = false
                arrivals.append(.event(.deckLoaded(result)))
            }
        }
    }

    /// Finished conversions (and helper time-outs).
    private func receivePictures(into arrivals: inout [ViewerArrival]) {
        guard let images = channels.images else { return }
        for result in images.receive(now: MonotonicClock.now()) { arrivals.append(.event(.imageLoaded(result))) }
        for scan in images.takeScans() { arrivals.append(.event(.videoScanned(path: scan.path, delays: scan.delays))) }
    }

    /// The event a signal stands for; SIGWINCH measures the terminal first.
    private func event(for signal: Int32) -> ViewerEvent {
        switch signal {
        case SIGUSR1: return .togglePauseSignal
        case SIGTSTP: return .suspendRequested
        case SIGCONT: return .continued
        case SIGWINCH:
            backend.updateSize()
            return .resized(backend.size)
        default: return .terminate(signal: signal)
        }
    }
}
