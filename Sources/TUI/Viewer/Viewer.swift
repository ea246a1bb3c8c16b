import Engine
import Glibc

/// The shell around the viewer: sleeps in `poll` until input, a signal, a control line, a change
/// of the deck, a finished reload or the session's next wake-up; turns what is ready into
/// `ViewerEvent`s for the session; performs the effects it returns; draws. It decides nothing.
final class Viewer {
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
    }

    let session: ViewerSession
    let backend: CursesBackend
    let signals: SignalWatcher
    var channels: Channels
    /// Set by the `.exit` effect; the loop ends there.
    var exitCode: Int32?
    /// Most input bytes read in one wake-up; more waits for the next turn, so input cannot starve signals.
    static let readLimit = 4096

    init(session: ViewerSession, backend: CursesBackend, signals: SignalWatcher, channels: Channels) {
        self.session = session
        self.backend = backend
        self.signals = signals
        self.channels = channels
    }

    /// Runs until the deck finishes, the user quits or a signal ends it; returns the exit code.
    /// The terminal is restored before it returns.
    func run() -> Int32 {
        defer {
            channels.images?.stop()
            backend.stop()
            drainInput()
            // Bounded: a quit signal must still end the program within 100 ms.
            channels.log?.finish(until: MonotonicClock.now() + 0.05, clock: MonotonicClock.now)
        }
        perform(session.update(.start, at: MonotonicClock.now()))
        while exitCode == nil {
            let now = MonotonicClock.now()
            session.render(at: now)
            // Input typed before the first query (read as the first frame went out): keys only.
            if case let early = backend.takeTypedAhead(), !early.isEmpty { perform(session.receiveTypedAhead(early, at: now)) }
            var wake = session.nextWake(at: now)
            if let deadline = channels.images?.nextDeadline { wake = min(wake ?? deadline, deadline) }
            let woke = waitAndDispatch(until: wake)
            if exitCode == nil { perform(session.update(.tick, at: woke)) }
        }
        return exitCode ?? 0
    }

    /// Sleeps until `deadline` or until a descriptor is ready, then hands what arrived to the session:
    /// signals first (a quit signal wins), then input, control lines, the watcher, a finished reload.
    /// Nothing else runs on a wake-up for a bar step: one `poll` that times out, no read, no allocation
    /// (the descriptor list is rebuilt in place).
    /// Returns the time it woke.
    private func waitAndDispatch(until deadline: Double?) -> Double {
        polled.watch(signals: signals.descriptor, input: backend.inputDescriptor,
                     control: channels.control?.descriptor, watcher: channels.watcher?.descriptor,
                     reload: channels.reloader?.descriptor, images: channels.images?.descriptor,
                     // The events file is polled only while lines wait for a slow reader.
                     events: channels.log.flatMap { $0.wantsWrite ? $0.descriptor : nil })
        var timeout: Int32 = -1
        if let deadline {
            let milliseconds = (deadline - MonotonicClock.now()) * 1000
            timeout = milliseconds <= 0 ? 0 : Int32(min(milliseconds.rounded(.up), 86_400_000))
        }
        let ready = polled.wait(timeout: timeout)
        let woke = MonotonicClock.now()
        guard ready > 0 else {
            perform(session.flushInput(at: woke))
            // The helper's time-outs are due only at its deadline; a bar step's wake-up leaves it alone.
            if let due = channels.images?.nextDeadline, due <= woke { receivePictures() }
            return woke
        }
        for (source, events) in polled.ready where exitCode == nil {
            dispatch(source, events: events)
        }
        return MonotonicClock.now()
    }

    /// What `poll` watches (kept between wake-ups, so that its storage is reused).
    private var polled = PollList()

    private func dispatch(_ source: PollList.Source, events: Int16) {
        let now = MonotonicClock.now()
        switch source {
        case .signals:
            for signal in signals.take() where exitCode == nil { perform(session.update(event(for: signal), at: now)) }
        case .input:
            var buffer = [UInt8](repeating: 0, count: Self.readLimit)
            let count = events & Int16(POLLIN) != 0 ? read(backend.inputDescriptor, &buffer, buffer.count) : 0
            if count > 0 {
                perform(session.receive(buffer[0..<count], at: now))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                // A hung-up terminal reports POLLHUP (or end of file) for ever: end instead of spinning.
                perform(session.update(.inputEnded, at: now))
            }
        case .control:
            for line in channels.control?.read() ?? [] where exitCode == nil {
                switch line {
                case .success(let command): perform(session.update(.control(command), at: now))
                case .failure(let failure): perform([.logError(Messages.channelProblem(failure))])
                }
            }
        case .watcher:
            guard let report = channels.watcher?.readChanges() else { break }
            perform(report.failures.map { .logError(Messages.channelProblem($0)) })
            if report.changed { perform(session.update(.deckChanged, at: now)) }
        case .events:
            channels.log?.flush()
        case .images:
            receivePictures()
        case .reload:
            if let result = channels.reloader?.take() { perform(session.update(.deckLoaded(result), at: now)) }
        }
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
