import Engine

/// Everything the viewer decides, as one value (the Elm/bubbletea model): the playback, the hold
/// of space and of the mouse button, the overlay, the notice, a pending reload, the terminal size
/// and the exit. `update(_:at:)` is the only way it changes; it returns the side effects for the
/// shell to perform. `viewState(at:)` is what to draw and `nextWake(at:)` when to look again.
/// Time is always an argument: nothing here reads a clock, sleeps or does I/O.
///
/// The state is split over files by concern (`+Input`, `+Control`, `+Time`, `+Reload`), so its
/// properties are internal; only `update` and the functions it calls change them.
struct ViewerModel: Sendable {
    /// How the viewer was asked to run, fixed for the run.
    struct Settings: Sendable, Equatable {
        /// Stories advance by themselves (false with `--no-autoplay`).
        var autoplay = true
        /// The deck can be read again (false for standard input).
        var canReload = true
        var language = Language.english
        /// Ask the terminal for key-release reporting (`--key-release auto`); false forces the repeat detector.
        var keyRelease = true
        /// How pictures are drawn: as coloured symbols in a colour mode, or as their alt text.
        var images = ImagePresentation.altText(.turnedOff)
        /// The screen is drawn in ASCII (panels wrap, and so scroll, by what is drawn).
        var ascii = false
        /// Ask the terminal its background colour (OSC 11) at start, and convert pictures once it
        /// answered or will not (`BackgroundQuery`); the launcher sets it, model tests choose.
        var asksBackground = false
    }

    /// The shortest time between two bar steps (60 frames a second).
    static let frameInterval = 1.0 / 60
    /// How long to wait after the deck changed before reloading, so that a writer can finish.
    static let reloadSettle = 0.05

    let settings: Settings
    var playback: Playback
    /// Holds of space (by key release or by repeats), of the mouse button, and when text hides.
    var holds = HoldTracker()
    var overlay: Overlay?
    /// One line at the bottom, such as the first problem of a deck that failed to reload.
    var notice: String?
    /// When a changed deck is due to be reloaded.
    var reloadDue: Double?
    /// A reload is being read; another request waits for it.
    var reloadInFlight = false
    var reloadRequestedAgain = false
    var size: TerminalSize
    /// Ids of the stories seen to their end, in this run and earlier ones (`+Seen`).
    var seen: Set<String> = []
    /// Set once by the first `.exit` effect; after it, `update` does nothing.
    var exitCode: Int32?
    /// The kitty keyboard protocol negotiation: whether the terminal reports key releases.
    var keyboard = KeyboardProtocolProbe()
    /// The terminal's background colour (OSC 11), for pictures' transparent pixels.
    var background = BackgroundQuery()
    /// Converted pictures by request, the conversions last asked for, the order results came in (oldest first).
    var pictures: [ImageRequest: Result<ImageCells, ImageProblem>] = [:]
    var wantedPictures: [ImageRequest] = []
    var pictureOrder: [ImageRequest] = []
    var reportedPictureFailures: Set<String> = []
    /// After a resize: when the size counts as settled and pictures are converted again.
    var pictureSizeSettledAt: Double?
    /// What `requestPictures` last answered for; nil when the deck or the conversions changed since.
    var pictureInputs: PictureInputs?
    /// Effects decided during the update in progress.
    private var outbox: [ViewerEffect] = []
    /// Counts the updates that could change anything: two views of the same revision differ only in
    /// what time changes (`ViewerSession` then moves the bar alone).
    private(set) var revision = 0
    /// The earliest time something other than the bar's progress changes by itself, as of the last
    /// update: a deadline of the playback or the holds (the moment title and caption hide among
    /// them), a due reload, the next number of the countdown, the keyboard probe's time-out, a settled
    /// size; nil for none. Only `update` changes the model, so it holds until the next update: a tick
    /// before it changes nothing.
    private(set) var pendingDeadline: Double?
    /// The current segment's width while the bar moves by itself (playing with autoplay, not paused, no
    /// overlay, a screen big enough), else nil; worked out at each update, like `pendingDeadline`.
    private(set) var movingSegmentWidth: Int?

    init(deck: Deck, playbackOptions: PlaybackOptions, settings: Settings, size: TerminalSize) {
        self.settings = settings
        self.size = size
        playback = Playback(deck: deck, options: playbackOptions)
        movingSegmentWidth = segmentWidthWhileMoving()
    }

    var messages: Messages { Messages(language: settings.language) }

    /// Applies one event at `now`: first every deadline up to `now` at its own time (so input meets
    /// the state it was sent to), then the event. Returns the effects, in order.
    mutating func update(_ event: ViewerEvent, at now: Double) -> [ViewerEffect] {
        guard exitCode == nil else { return [] }
        // Most wake-ups are bar steps: nothing is due, and advancing would change nothing.
        if case .tick = event, isQuiet(at: now) { return [] }
        revision &+= 1
        advance(to: now)
        if exitCode == nil { handle(event, at: now) }
        if exitCode == nil { advance(to: now) }
        pendingDeadline = nextDeadline(at: now)
        movingSegmentWidth = segmentWidthWhileMoving()
        let effects = outbox
        outbox.removeAll()
        return effects
    }

    private mutating func handle(_ event: ViewerEvent, at now: Double) {
        switch event {
        case .start:
            emit(playback.begin(at: now))
            // The background query first: the probe's DA1 ends both (BackgroundQuery).
            if settings.asksBackground, case .symbols = settings.images {
                writeControl(background.start(at: now, withEnd: !settings.keyRelease))
            }
            if settings.keyRelease { writeControl(keyboard.start(at: now)) }
            watchPictures()
        case .input(let input): handle(input, at: now)
        case .inputEnded: quit(code: 0, at: now)
        case .control(let command): apply(command, at: now)
        case .terminate(let signal): quit(code: 128 + signal, at: now)
        case .togglePauseSignal: emit(playback.handle(.togglePause(.control), at: now))
        case .suspendRequested: suspend(at: now)
        case .resumed:
            emit(playback.handle(.continued, at: now))
            outbox.append(.repaint)
        case .continued: outbox.append(.repaint)
        case .resized(let newSize):
            if newSize != size { pictureSizeChanged(at: now) }
            size = newSize
            outbox.append(.repaint)
        case .imageLoaded(let result): receivePicture(result)
        case .deckChanged: reloadDue = now + Self.reloadSettle
        case .deckLoaded(let result): finishReload(result, at: now)
        case .tick:
            // A probe round trip that got no answer: only here, after the input that arrived was read.
            if let deadline = keyboard.deadline, deadline <= now { negotiate { $0.expire(at: now) } }
        }
    }

    // MARK: Effects

    /// Queues lifecycle events for the events file.
    mutating func emit(_ events: [LifecycleEvent]) {
        guard !events.isEmpty else { return }
        outbox.append(.log(events))
        for id in newlySeen(in: events) { outbox.append(.markSeen(id)) }
    }

    mutating func logError(_ message: String) { outbox.append(.logError(message)) }

    mutating func outboxAppend(_ effect: ViewerEffect) { outbox.append(effect) }

    mutating func writeControl(_ bytes: [UInt8]) {
        if !bytes.isEmpty { outbox.append(.writeControl(bytes)) }
    }

    /// Runs one step of the keyboard negotiation: writes what it asks, and tells the shell when the
    /// flags went on or off the terminal's stack.
    mutating func negotiate(_ step: (inout KeyboardProtocolProbe) -> [UInt8]) {
        let wasPushed = keyboard.isPushed
        writeControl(step(&keyboard))
        if keyboard.isPushed != wasPushed { outbox.append(.keyboardFlags(pushed: keyboard.isPushed)) }
    }

    /// Whether the terminal reports key releases (the kitty keyboard protocol is in force).
    var reportsKeyRelease: Bool {
        if case .releaseReporting? = keyboard.outcome { return true }
        return false
    }

    /// Ctrl-Z: the story stops running while the process is stopped, and the shell stops it.
    mutating func suspend(at now: Double) {
        emit(playback.handle(.stopped, at: now))
        outbox.append(.suspendProcess)
    }

    /// Asks the shell to read the deck again; one read at a time, a request during a read waits for it.
    mutating func requestReload() {
        guard settings.canReload else {
            notice = messages.cannotReloadStandardInput
            return
        }
        if reloadInFlight {
            reloadRequestedAgain = true
        } else {
            reloadInFlight = true
            outbox.append(.loadDeck)
        }
    }

    /// Ends the run: the playback says `quit` (unless it already finished), and the shell exits with `code`.
    mutating func quit(code: Int32, at now: Double) {
        emit(playback.handle(.quit, at: now))
        exit(code)
    }

    mutating func exit(_ code: Int32) {
        guard exitCode == nil else { return }
        exitCode = code
        outbox.append(.exit(code))
    }

    /// Ends the loop once the playback has finished or quit.
    mutating func checkEnd() {
        switch playback.phase {
        case .finished, .quit: exit(0)
        default: break
        }
    }

    // MARK: What to draw

    /// The state the layout draws at `now`.
    func viewState(at now: Double) -> ViewState {
        return ViewState(
            deck: playback.deck,
            currentIndex: playback.currentIndex,
            progress: playback.progress(at: now),
            autoplay: settings.autoplay,
            paused: playback.isPaused,
            hidesText: holds.hidesText(at: now),
            overlay: overlay,
            notice: notice,
            countdown: countdown(at: now),
            picture: currentPicture,
            colors: storyColors,
            seen: overlay.map { if case .storyList = $0 { seen } else { [] } } ?? [],
            defaultDuration: playback.options.defaultDuration
        )
    }

    /// The current story's own colours, else the deck's.
    var storyColors: StoryColors {
        let story = playback.currentStory, deck = playback.deck
        return StoryColors(background: (story?.background ?? deck.background).map(TerminalColor.init),
                           accent: (story?.accent ?? deck.accent).map(TerminalColor.init))
    }

    // MARK: Overlays

    mutating func open(_ panel: Overlay, at now: Double) {
        // A press under way belongs to the story, not the panel: its release must not navigate.
        emit(holds.cancelMouse(at: now, playback: &playback))
        overlay = panel
        emit(playback.handle(.overlayOpened, at: now))
    }

    mutating func close(at now: Double) {
        overlay = nil
        emit(playback.handle(.overlayClosed, at: now))
    }

}
