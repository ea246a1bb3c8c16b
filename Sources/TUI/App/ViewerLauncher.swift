import Engine
import Glibc
import ViewerCore

/// Opens what the viewer needs (events file, control FIFO, watcher, signals, the terminal), each
/// failure with its own message and exit code, then runs the viewer with the run's options as they
/// are: the playback's to the model's playback, the layout's to the screen, the rest to the model's
/// settings and the channels.
enum ViewerLauncher {
    /// Runs the viewer on a loaded deck; returns the exit code. The terminal is restored first.
    /// `options` is the command line's, completed by `Program`; `environment` says where seen stories
    /// are kept (`XDG_STATE_HOME`, `HOME`) and whether the terminal shows 24-bit colour (`COLORTERM`).
    static func run(deck: Deck, deckPath: String, options: RunOptions, environment: Environment, term: String,
                    messages: Messages) -> Int32 {
        if let code = DescriptorBudget.check() {
            StandardStreams.printError([messages.outOfResources(errno: code)])
            return ExitCode.ioError
        }
        var channels = PollingHost.Channels()
        if let path = options.eventsPath {
            switch EventLog.open(path: path, origin: MonotonicClock.now()) {
            case .success(let opened): channels.log = opened
            case .failure(let failure):
                StandardStreams.printError([messages.channelFailure(failure)])
                return ExitCode.ioError
            }
        }
        if let path = options.controlPath {
            switch ControlChannel.open(path: path) {
            case .success(let opened): channels.control = opened
            case .failure(let failure):
                StandardStreams.printError([messages.channelFailure(failure)])
                return ExitCode.cannotOpen
            }
        }
        if options.watch {
            switch DeckWatcher.open(deckPath: deckPath) {
            case .success(let opened): channels.watcher = opened
            case .failure(let failure):
                StandardStreams.printError([messages.channelFailure(failure)])
                return ExitCode.ioError
            }
        }
        let canReload = deckPath != "-"
        if canReload {
            guard let reloader = DeckReloader(path: deckPath) else {
                StandardStreams.printError([messages.ioFailure])
                return ExitCode.ioError
            }
            channels.reloader = reloader
        }
        QuitWatchdog.start()
        guard let signals = SignalWatcher() else {
            StandardStreams.printError([messages.ioFailure])
            return ExitCode.ioError
        }
        let backend = CursesBackend()
        do {
            let colorTerm = environment["COLORTERM"], inTmux = environment["TMUX"]?.isEmpty == false
            try backend.start(term: term, color: options.layout.color,
                              candidates: ColorDepth.candidates(term: term, setting: options.colors,
                                                                colorTerm: colorTerm, inTmux: inTmux),
                              colors: options.colors,
                              fallback: ColorDepth.fallback(term: term, setting: options.colors,
                                                            colorTerm: colorTerm, inTmux: inTmux))
        } catch .unknownTerminal {
            StandardStreams.printError([messages.unknownTerminal(term)])
            return Program.printPlain(deck, messages: messages)
        } catch .resources(let code) {
            StandardStreams.printError([messages.outOfResources(errno: code)])
            return ExitCode.ioError
        } catch {
            StandardStreams.printError([messages.noTerminalInput])
            return ExitCode.ioError
        }
        CrashGuard.install(restore: backend.emergencyRestoreBytes, terminal: backend.inputDescriptor,
                           mode: backend.savedMode, message: messages.crashed + "\n",
                           chain: getenv("SWIFT_BACKTRACE") != nil)
        let depth = ColorDepth.choose(setting: options.colors, colors: backend.colors, noColor: !options.layout.color)
        // A forced depth holds for everything drawn, not only pictures: the backend maps every colour into it.
        switch depth {
        case .colors256: backend.limitColors(to: 256)
        case .colors16: backend.limitColors(to: 16)
        case .colors8: backend.limitColors(to: 8)
        case .truecolor, .none: break
        }
        let images = ImagePresentation.choose(depth: depth, setting: options.images)
        if case .symbols = images { channels.images = ImageLoader() }
        channels.log?.readyFacts = EventLine.readyFacts(images: images, depth: depth)
        channels.depth = depth
        var graphics = GraphicsDetection(setting: options.images, environment: GraphicsEnvironment(environment),
                                         windowPixels: CursesBackend.windowPixels(of: STDOUT_FILENO),
                                         kittyTransfer: KittyTransmission.forced(by: environment[KittyTransmission.variable]))
        // Kitty reads this machine's files? One pixel in a temporary file, asked in the same batch.
        KittyTemporaryFiles.prepare(temporaryFolder: environment["TMPDIR"])
        if graphics.asksKittyFiles {
            graphics.kittyProbeFile = KittyTemporaryFiles.create(holding: GraphicsProbe.kittyFilePixel[...])
        }
        channels.kittyProbeFile = graphics.kittyProbeFile
        // `ready` says how pictures are drawn: its line waits for the graphics probe (one round trip).
        if case .symbols = images, !graphics.isSettled { channels.log?.holdUntilReadyFacts() }
        // The layout draws in the colours the terminal has (gradients: smooth, nearest or in bands).
        var layout = options.layout
        layout.colorMode = depth.imageMode
        let settings = ViewerModel.Settings(canReload: canReload, images: images, keyRelease: options.keyRelease,
                                            layout: layout, asksBackground: true, graphics: graphics)
        let seen = SeenStories.open(deckPath: deckPath, deck: deck,
                                    environment: environment, messages: messages)
        channels.seen = seen.store
        let playbackOptions = seen.playbackOptions(options.playback, deck: deck, resume: options.resume)
        var model = ViewerModel(deck: deck, playbackOptions: playbackOptions, settings: settings, size: backend.size)
        seen.apply(to: &model)
        if channels.images != nil {
            channels.firstPicture = firstPictureRequest(deck: deck, playbackOptions: playbackOptions, settings: settings,
                                                        size: backend.size)
        }
        let screen = Screen(backend: backend, layout: ScreenLayout(options: layout))
        let host = PollingHost(backend: backend, signals: signals, channels: channels)
        let code = Viewer(session: ViewerSession(model: model, screen: screen), backend: backend, host: host).run()
        // A failed events write is reported once, after the terminal is restored; a signal's code wins.
        if let failure = channels.log?.failure {
            StandardStreams.printError([messages.channelFailure(failure)])
            return code >= 128 ? code : ExitCode.ioError
        }
        return code
    }
}
