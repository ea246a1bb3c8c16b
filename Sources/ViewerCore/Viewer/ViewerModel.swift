import Engine

/// Everything the viewer decides, as one value (the Elm/bubbletea model): the playback with the
/// holds of space and of the mouse button (`PlaybackSession`), the overlay, the notice, reloads,
/// the keyboard negotiation and pictures (sub-models whose calls return effects), the terminal size
/// and the exit. `update(_:at:)` is the only way it changes; it returns the side effects for the loop
/// to perform. `viewState(at:)` is what to draw and `nextWake(at:)` when to look again.
/// Time is always an argument: nothing here reads a clock, sleeps or does I/O.
///
/// The state is split over files by concern (`+Input`, `+Actions`, `+Control`, `+Time`, `+Reload`,
/// `+Pictures`), so its properties are internal; only `update` and the functions it calls change them.
package struct ViewerModel: Sendable {
    /// How the viewer was asked to run, fixed for the run: what the launcher worked out (reloads,
    /// pictures) and the parts of `RunOptions` the model reads, as they are. Autoplay is the
    /// playback's own (`playing.playback.options.autoplay`).
    package struct Settings: Sendable, Equatable {
        /// The deck can be read again (false for standard input).
        package var canReload = true
        /// How pictures are drawn: as coloured symbols in a colour mode, or as their alt text.
        package var images = ImagePresentation.altText(.turnedOff)
        /// `--key-release`: `auto` asks the terminal for key-release reporting; `off` forces the repeat detector.
        package var keyRelease = KeyReleaseSetting.auto
        /// The screen's character set and language, as the layout draws them (panels wrap, and so
        /// scroll, by what is drawn).
        package var layout = LayoutOptions()
        /// Ask the terminal its background colour (OSC 11) at start, and convert pictures once it
        /// answered or will not (`BackgroundQuery`); the launcher sets it, model tests choose.
        package var asksBackground = false
        /// `--images` and what the graphics probe needs to know before it asks (the environment, the
        /// window in pixels): with `auto` or a pixel protocol the terminal is asked in the start-up batch
        /// (with the background query), and symbols may become its pixels (`GraphicsDetection`).
        package var graphics = GraphicsDetection()

        package init(canReload: Bool = true, images: ImagePresentation = .altText(.turnedOff),
                     keyRelease: KeyReleaseSetting = .auto, layout: LayoutOptions = LayoutOptions(),
                     asksBackground: Bool = false, graphics: GraphicsDetection = GraphicsDetection()) {
            self.canReload = canReload
            self.images = images
            self.keyRelease = keyRelease
            self.layout = layout
            self.asksBackground = asksBackground
            self.graphics = graphics
        }
    }

    /// The shortest time between two bar steps (60 frames a second).
    package static let frameInterval = 1.0 / 60

    package let settings: Settings
    /// The playback and the holds of space and the mouse that pause it, with the only `advance(to:)`:
    /// the model changes the playback through it alone.
    package var playing: PlaybackSession
    package var overlay: Overlay?
    /// One line at the bottom, such as the first problem of a deck that failed to reload.
    package var notice: String?
    /// Reloads: a change waiting to settle, the read under way, a request waiting for it.
    package var reload = ReloadState()
    package var size: TerminalSize
    /// Ids of the stories seen to their end, in this run and earlier ones (`+Seen`).
    package var seen: Set<String> = []
    /// Set once, by `exit(_:)`; after it `update` does nothing, and the loop stops.
    package private(set) var exitCode: Int32?
    /// The kitty keyboard protocol negotiation: whether the terminal reports key releases.
    package var keyboard = KeyboardNegotiation()
    /// The terminal's background colour (OSC 11), for pictures' transparent pixels.
    package var background = BackgroundQuery()
    /// Which protocol draws pictures: kitty, sixel or iTerm2 where the terminal has one, else symbols.
    package var graphics: GraphicsDetection
    /// Pictures: what was asked for, what came back, whether the size has settled (`PictureBook`).
    package var pictures = PictureBook()
    /// The videos' lengths asked of the helper while the deck plays (`VideoLengths`).
    package var lengths = VideoLengths()
    /// Effects decided during the update in progress.
    private var outbox: [ViewerEffect] = []
    /// Counts the updates that could change anything: two views of the same revision differ only in
    /// what time changes (`ViewerSession` then moves the bar alone).
    package private(set) var revision = 0
    /// The earliest time something other than the bar's progress changes by itself, as of the last
    /// update: a deadline of the playback or the holds (the moment title and caption hide among
    /// them), a due reload, the next number of the countdown, the keyboard probe's time-out, a settled
    /// size; nil for none. Only `update` changes the model, so it holds until the next update: a tick
    /// before it changes nothing.
    package private(set) var pendingDeadline: Double?
    /// The current segment's width while the bar moves by itself (playing with autoplay, not paused, no
    /// overlay, a screen big enough), else nil; worked out at each update, like `pendingDeadline`.
    package private(set) var movingSegmentWidth: Int?

    package init(deck: Deck, playbackOptions: PlaybackOptions, settings: Settings, size: TerminalSize) {
        self.settings = settings
        self.size = size
        graphics = settings.graphics
        playing = PlaybackSession(deck: deck, options: playbackOptions)
        movingSegmentWidth = segmentWidthWhileMoving()
    }

    package var messages: Messages { Messages(language: settings.layout.language) }

    /// Applies one event at `now`: first every deadline up to `now` at its own time (so input meets
    /// the state it was sent to), then the event. Returns the effects, in order.
    package mutating func update(_ event: ViewerEvent, at now: Double) -> [ViewerEffect] {
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
            emit(playing.begin(at: now))
            // The background query first, then the graphics probe's: the keyboard probe's DA1 ends all
            // three (BackgroundQuery, GraphicsDetection); without it the last of them brings one.
            if settings.asksBackground, case .symbols = settings.images {
                let ownEnd = settings.keyRelease != .auto
                let graphicsQueries = graphics.start(at: now, withEnd: ownEnd)
                let query = background.start(at: now, withEnd: ownEnd && graphicsQueries.isEmpty) + graphicsQueries
                if !query.isEmpty { queue([.writeControl(query)]) }
            }
            if settings.keyRelease == .auto { outbox += keyboard.start(at: now) }
            watchPictures()
        case .input(let input): handle(input, at: now)
        case .inputEnded: quit(code: 0, at: now)
        case .control(let command): apply(command, at: now)
        case .terminate(let signal): quit(code: 128 + signal, at: now)
        case .togglePauseSignal: emit(playing.handle(.togglePause(.control), at: now))
        case .suspendRequested: suspend(at: now)
        case .resumed:
            emit(playing.handle(.continued, at: now))
            outbox.append(.repaint)
        case .continued: outbox.append(.repaint)
        case .resized(let newSize):
            if newSize != size { pictures.sizeChanged(at: now) }
            size = newSize
            outbox.append(.repaint)
        case .imageLoaded(let result): queue(pictures.receive(result))
        case .videoScanned(let path, let delays): learnLength(path: path, delays: delays, at: now)
        case .deckChanged: reload.changed(at: now)
        case .deckLoaded(let result): finishReload(result, at: now)
        case .tick:
            // A probe round trip that got no answer: only here, after the input that arrived was read.
            outbox += keyboard.tick(at: now)
        }
    }

    // MARK: Effects

    /// Queues lifecycle events for the events file.
    package mutating func emit(_ events: [LifecycleEvent]) {
        guard !events.isEmpty else { return }
        outbox.append(.log(events))
        for id in newlySeen(in: events) { outbox.append(.markSeen(id)) }
    }

    package mutating func logError(_ message: String) { outbox.append(.logError(message)) }

    /// Queues effects decided elsewhere: by a part of the model in another file, or by a sub-model
    /// (`KeyboardNegotiation`, `ReloadState`, `PictureBook`), whose calls return the effects they need.
    package mutating func queue(_ effects: [ViewerEffect]) { outbox += effects }

    /// Whether the terminal reports key releases (the kitty keyboard protocol is in force).
    package var reportsKeyRelease: Bool { keyboard.reportsKeyRelease }

    /// Ctrl-Z: the story stops running while the process is stopped, and the shell stops it.
    package mutating func suspend(at now: Double) {
        emit(playing.handle(.stopped, at: now))
        outbox.append(.suspendProcess)
    }

    /// Asks the shell to read the deck again; one read at a time, a request during a read waits for it.
    package mutating func requestReload() {
        guard settings.canReload else {
            notice = messages.cannotReloadStandardInput
            return
        }
        outbox += reload.request()
    }

    /// Ends the run: the playback says `quit` (unless it already finished), and the shell exits with `code`.
    package mutating func quit(code: Int32, at now: Double) {
        emit(playing.handle(.quit, at: now))
        exit(code)
    }

    package mutating func exit(_ code: Int32) {
        if exitCode == nil { exitCode = code }
    }

    /// Ends the loop once the playback has finished or quit.
    package mutating func checkEnd() {
        switch playing.playback.phase {
        case .finished, .quit: exit(0)
        default: break
        }
    }

    // MARK: What to draw

    /// The state the layout draws at `now`.
    package func viewState(at now: Double) -> ViewState {
        return ViewState(
            deck: playing.playback.deck,
            currentIndex: playing.playback.currentIndex,
            progress: playing.playback.progress(at: now),
            autoplay: playing.playback.options.autoplay,
            paused: playing.playback.isPaused,
            hidesText: playing.hidesText(at: now),
            overlay: overlay,
            notice: notice,
            countdown: countdown(at: now),
            picture: currentPicture,
            colors: storyColors,
            seen: overlay.map { if case .storyList = $0 { seen } else { [] } } ?? [],
            defaultDuration: playing.playback.options.defaultDuration
        )
    }

    /// The current story's own colours, else the deck's.
    package var storyColors: StoryColors {
        let story = playing.playback.currentStory, deck = playing.playback.deck
        // A story's own background, plain or gradient, replaces the deck's whole.
        let gradient = story?.background != nil ? story?.backgroundGradient : deck.backgroundGradient
        return StoryColors(background: (story?.background ?? deck.background).map(TerminalColor.init),
                           accent: (story?.accent ?? deck.accent).map(TerminalColor.init),
                           gradient: gradient.map { BackgroundGradient(stops: $0.map(TerminalColor.init)) })
    }

    // MARK: Overlays

    mutating func open(_ panel: Overlay, at now: Double) {
        // A press under way belongs to the story, not the panel: its release must not navigate.
        emit(playing.cancelMouse(at: now))
        overlay = panel
        emit(playing.handle(.overlayOpened, at: now))
    }

    package mutating func close(at now: Double) {
        overlay = nil
        emit(playing.handle(.overlayClosed, at: now))
    }

}
