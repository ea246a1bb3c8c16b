import Engine
import Glibc

/// The full-screen viewer: owns the playback and the terminal, and runs the main loop. The loop
/// sleeps in `poll` until the next thing that can change the screen: input, a signal, a control
/// command, the next visible eighth-step of the bar, the end of a story, a hold's deadline. While
/// nothing moves (paused, an overlay open) it blocks without a timeout.
final class Viewer {
    /// How the viewer was asked to run.
    struct Configuration {
        var deckPath: String
        var playbackOptions: PlaybackOptions
        var layoutOptions: LayoutOptions
        var eventsPath: String?
        var controlPath: String?
        var watch = false
    }

    /// How long a hold must last before title and caption hide, and before a mouse press pauses.
    static let holdThreshold = 0.25
    /// The shortest time between two bar steps (60 frames a second).
    static let frameInterval = 1.0 / 60

    let configuration: Configuration
    var playback: Playback
    var hold = HoldDetector()
    let backend: CursesBackend
    let signals: SignalWatcher
    let layout: ScreenLayout
    let messages: Messages
    var log: EventLog?
    var overlay: Overlay?
    var notice: String?
    /// A mouse press not yet released: when and where.
    var mousePress: (time: Double, column: Int, width: Int)?
    /// The current mouse press has lasted over the threshold and pauses playback.
    var mouseHolding = false
    /// Spaces seen in the current hold: a hold is only sure once a repeat has arrived.
    var spaceKeysInHold = 0
    var exitCode: Int32?
    /// The last frame drawn and the state it shows, so that a bar step redraws only the bar row.
    var lastDrawn: (state: ViewState, frame: Frame)?
    /// The `--control` FIFO, if any.
    let control: ControlChannel?
    /// The `--watch` file watcher, if any.
    let watcher: DeckWatcher?
    /// When a watched deck changed: reload once writers are likely done.
    var reloadDue: Double?
    /// `poll` reported the control FIFO or the inotify descriptor: read it (and only then).
    var controlReady = false
    var watcherReady = false
    /// How long to wait after a change before reloading, so that a writer can finish.
    static let reloadSettle = 0.05

    init(configuration: Configuration, deck: Deck, backend: CursesBackend, signals: SignalWatcher, log: EventLog?,
         control: ControlChannel? = nil, watcher: DeckWatcher? = nil) {
        self.configuration = configuration
        self.control = control
        self.watcher = watcher
        self.backend = backend
        self.signals = signals
        self.log = log
        layout = ScreenLayout(options: configuration.layoutOptions)
        messages = Messages(language: configuration.layoutOptions.language)
        playback = Playback(deck: deck, options: configuration.playbackOptions)
    }

    /// Runs until the deck finishes, the user quits or a signal ends it; returns the exit code.
    /// The terminal is restored before it returns.
    func run() -> Int32 {
        defer { backend.stop() }
        emit(playback.begin(at: MonotonicClock.now()))
        while exitCode == nil {
            let now = MonotonicClock.now()
            handleSignals(at: now)
            if exitCode != nil { break }
            // Deadlines that passed while asleep come first, so input meets the state it was sent to.
            advance(to: now)
            if exitCode != nil { break }
            for event in backend.readInput() {
                handle(event, at: MonotonicClock.now())
                if exitCode != nil { break }
            }
            if exitCode != nil { break }
            if controlReady, let control {
                controlReady = false
                for command in control.readCommands() {
                    apply(command, at: MonotonicClock.now())
                    if exitCode != nil { break }
                }
            }
            if exitCode != nil { break }
            if watcherReady, let watcher {
                watcherReady = false
                if watcher.deckChanged() { reloadDue = MonotonicClock.now() + Self.reloadSettle }
            }
            advance(to: MonotonicClock.now())
            if exitCode != nil { break }
            render(at: MonotonicClock.now())
            wait(until: nextWake(at: MonotonicClock.now()))
        }
        return exitCode ?? 0
    }

    /// Moves time forward for the hold detector, the mouse and the playback.
    func advance(to now: Double) {
        // The hold's deadline (tap or release) may lie before now: apply it at its own time, so
        // that the story resumes when the hold ended, not when the loop woke up.
        while let deadline = hold.nextDeadline, deadline <= now {
            emit(playback.advance(to: deadline))
            for signal in hold.advance(to: deadline) { applyHold(signal, at: deadline) }
            if hold.nextDeadline == deadline { break }
        }
        if let press = mousePress, !mouseHolding, now - press.time >= Self.holdThreshold {
            // Stamped at the threshold, not at the wake-up, like every other deadline.
            let deadline = press.time + Self.holdThreshold
            emit(playback.advance(to: deadline))
            mouseHolding = true
            if !playback.isPaused {
                emit(playback.handle(.hold(.began, .mouse), at: deadline))
            }
        }
        if let due = reloadDue, due <= now {
            reloadDue = nil
            reload(at: now)
        }
        emit(playback.advance(to: now))
        checkEnd()
    }

    /// Ends the loop when the playback has finished or quit.
    func checkEnd() {
        switch playback.phase {
        case .finished, .quit:
            if exitCode == nil { exitCode = 0 }
        default:
            break
        }
    }

    /// Writes lifecycle events to the events file, if there is one.
    func emit(_ events: [LifecycleEvent]) {
        guard !events.isEmpty else { return }
        log?.write(events)
    }

    /// The state the layout draws.
    func viewState(at now: Double) -> ViewState {
        let spaceHeld = spaceKeysInHold > 1 && (playback.holdDuration(at: now) ?? 0) > Self.holdThreshold
        return ViewState(
            deck: playback.deck,
            currentIndex: playback.currentIndex,
            progress: playback.progress(at: now),
            autoplay: configuration.playbackOptions.autoplay,
            paused: playback.isPaused,
            hidesText: spaceHeld || mouseHolding,
            overlay: overlay,
            notice: notice
        )
    }

    /// Draws the frame for now; the backend writes only what changed.
    func render(at now: Double) {
        let size = backend.size
        let state = viewState(at: now)
        let frame = layout.frame(for: state, width: size.width, height: size.height, reusing: lastDrawn)
        backend.draw(frame)
        lastDrawn = (state, frame)
    }

    /// The earliest time something on screen or in the playback can change, or nil for never.
    func nextWake(at now: Double) -> Double? {
        var candidates: [Double] = []
        if let deadline = playback.nextDeadline { candidates.append(deadline) }
        if let deadline = hold.nextDeadline { candidates.append(deadline) }
        if let press = mousePress, !mouseHolding { candidates.append(press.time + Self.holdThreshold) }
        if let held = playback.holdDuration(at: now), held < Self.holdThreshold {
            candidates.append(now + Self.holdThreshold - held)
        }
        // Bar steps are cosmetic: at most 60 a second, whatever the width and duration.
        if let step = nextBarStep(at: now) { candidates.append(max(step, now + Self.frameInterval)) }
        if let due = reloadDue { candidates.append(due) }
        return candidates.min()
    }

    /// When the current segment next gains a visible eighth of a cell.
    func nextBarStep(at now: Double) -> Double? {
        guard configuration.playbackOptions.autoplay, !playback.isPaused, overlay == nil else { return nil }
        let size = backend.size
        guard size.width >= ScreenLayout.minimumWidth, size.height >= ScreenLayout.minimumHeight else { return nil }
        // The segment's width does not depend on progress: the state just drawn will do.
        let bars = layout.bars(for: lastDrawn?.state ?? viewState(at: now))
        let width = bars.currentSegmentWidth(left: ScreenLayout.margin,
                                             width: ScreenLayout.barWidth(forTerminalWidth: size.width))
        return BarClock.nextStep(progress: playback.progress(at: now), segmentWidth: width) {
            playback.time(whenProgressReaches: $0)
        }
    }

    /// Sleeps until `deadline`, input, or a signal.
    func wait(until deadline: Double?) {
        var descriptors = [
            pollfd(fd: backend.inputDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        let controlSlot = descriptors.count
        if let control { descriptors.append(pollfd(fd: control.descriptor, events: Int16(POLLIN), revents: 0)) }
        let watcherSlot = descriptors.count
        if let watcher { descriptors.append(pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)) }
        var timeout: Int32 = -1
        if let deadline {
            let milliseconds = (deadline - MonotonicClock.now()) * 1000
            timeout = milliseconds <= 0 ? 0 : Int32(min(milliseconds.rounded(.up), 86_400_000))
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if control != nil, descriptors[controlSlot].revents != 0 { controlReady = true }
        if watcher != nil, descriptors[watcherSlot].revents != 0 { watcherReady = true }
        // A hung-up terminal reports POLLHUP (often with POLLIN) for ever: without this the loop would spin.
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            handle(.endOfInput, at: MonotonicClock.now())
        }
    }
}
