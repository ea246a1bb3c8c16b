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
        /// `--images`, and COLORTERM (a terminal that shows 24-bit colour says so there).
        var images = ImagesSetting.auto
        var colorTerm: String?
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
        var channels = PollingHost.Channels()
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
                              directColor: ["truecolor", "24bit"].contains(configuration.colorTerm?.lowercased() ?? ""))
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
        let images = ImagePresentation.choose(colors: backend.colors, colorTerm: backend.isDirectColor ? "truecolor" : nil,
                                              term: term, setting: configuration.images,
                                              noColor: !configuration.layoutOptions.color)
        if case .symbols = images { channels.images = ImageLoader() }
        let settings = ViewerModel.Settings(autoplay: configuration.playbackOptions.autoplay, canReload: canReload,
                                            language: configuration.layoutOptions.language,
                                            keyRelease: configuration.keyRelease, images: images,
                                            ascii: configuration.layoutOptions.ascii)
        let seen = SeenStories.open(deckPath: configuration.deckPath, deck: deck,
                                    environment: configuration.environment, messages: messages)
        channels.seen = seen.store
        var model = ViewerModel(deck: deck,
                                playbackOptions: seen.playbackOptions(configuration.playbackOptions, deck: deck,
                                                                      resume: configuration.resume),
                                settings: settings, size: backend.size)
        seen.apply(to: &model)
        let screen = Screen(backend: backend, layout: ScreenLayout(options: configuration.layoutOptions))
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
