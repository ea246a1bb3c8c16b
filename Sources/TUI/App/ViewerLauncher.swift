import Engine
import Glibc

/// Opens what the viewer needs (events file, control FIFO, watcher, signals, the terminal), each
/// failure with its own message and exit code, then runs the viewer.
enum ViewerLauncher {
    /// How the viewer was asked to run.
    struct Configuration {
        var deckPath: String
        var playbackOptions: PlaybackOptions
        var layoutOptions: LayoutOptions
        var eventsPath: String?
        var controlPath: String?
        var watch = false
        /// `--images`, `--colors`, COLORTERM (a terminal that shows 24-bit colour says so there) and
        /// whether the program runs inside tmux (TMUX), which converts 24-bit colour for the terminal outside.
        var images = ImagesSetting.auto
        var colors = ColorsSetting.auto
        var colorTerm: String?
        var inTmux = false
        /// `--key-release auto` (true) or `off`.
        var keyRelease = true
        /// `--resume`: start at the first story not seen to its end in an earlier run.
        var resume = false
        /// The environment, for where seen stories are kept (`XDG_STATE_HOME`, `HOME`).
        var environment: Environment = [:]
    }

    /// Runs the viewer on a loaded deck; returns the exit code. The terminal is restored first.
    static func run(deck: Deck, configuration: Configuration, term: String, messages: Messages) -> Int32 {
        if let code = DescriptorBudget.check() {
            StandardStreams.printError([messages.outOfResources(errno: code)])
            return ExitCode.ioError
        }
        var channels = Viewer.Channels()
        if let path = configuration.eventsPath {
            switch EventLog.open(path: path, origin: MonotonicClock.now()) {
            case .success(let opened): channels.log = opened
            case .failure(let failure):
                StandardStreams.printError([messages.channelFailure(failure)])
                return ExitCode.ioError
            }
        }
        if let path = configuration.controlPath {
            switch ControlChannel.open(path: path) {
            case .success(let opened): channels.control = opened
            case .failure(let failure):
                StandardStreams.printError([messages.channelFailure(failure)])
                return ExitCode.cannotOpen
            }
        }
        if configuration.watch {
            switch DeckWatcher.open(deckPath: configuration.deckPath) {
            case .success(let opened): channels.watcher = opened
            case .failure(let failure):
                StandardStreams.printError([messages.channelFailure(failure)])
                return ExitCode.ioError
            }
        }
        let canReload = configuration.deckPath != "-"
        if canReload {
            guard let reloader = DeckReloader(path: configuration.deckPath) else {
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
            try backend.start(term: term, color: configuration.layoutOptions.color,
                              candidates: ColorDepth.candidates(term: term, setting: configuration.colors,
                                                                colorTerm: configuration.colorTerm,
                                                                inTmux: configuration.inTmux),
                              colors: configuration.colors,
                              fallback: ColorDepth.fallback(term: term, setting: configuration.colors,
                                                            colorTerm: configuration.colorTerm,
                                                            inTmux: configuration.inTmux))
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
        let depth = ColorDepth.choose(setting: configuration.colors, colors: backend.colors,
                                      noColor: !configuration.layoutOptions.color)
        let images = ImagePresentation.choose(depth: depth, setting: configuration.images)
        if case .symbols = images { channels.images = ImageLoader() }
        channels.log?.readyFacts = EventLine.readyFacts(images: images, depth: depth)
        let settings = ViewerModel.Settings(autoplay: configuration.playbackOptions.autoplay, canReload: canReload,
                                            language: configuration.layoutOptions.language,
                                            keyRelease: configuration.keyRelease, images: images,
                                            ascii: configuration.layoutOptions.ascii, asksBackground: true)
        let seen = SeenStories.open(deckPath: configuration.deckPath, deck: deck,
                                    environment: configuration.environment, messages: messages)
        channels.seen = seen.store
        var model = ViewerModel(deck: deck,
                                playbackOptions: seen.playbackOptions(configuration.playbackOptions, deck: deck,
                                                                      resume: configuration.resume),
                                settings: settings, size: backend.size)
        seen.apply(to: &model)
        let screen = Screen(backend: backend, layout: ScreenLayout(options: configuration.layoutOptions))
        let viewer = Viewer(session: ViewerSession(model: model, screen: screen), backend: backend, signals: signals,
                            channels: channels)
        let code = viewer.run()
        // A failed events write is reported once, after the terminal is restored; a signal's code wins.
        if let failure = channels.log?.failure {
            StandardStreams.printError([messages.channelFailure(failure)])
            return code >= 128 ? code : ExitCode.ioError
        }
        return code
    }
}
