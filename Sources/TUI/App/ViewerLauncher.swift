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
        /// `--resume`: start at the first story not seen to its end in an earlier run.
        var resume = false
        /// The environment, for where seen stories are kept (`XDG_STATE_HOME`, `HOME`).
        var environment: [String: String] = [:]
    }

    /// Runs the viewer on a loaded deck; returns the exit code. The terminal is restored first.
    static func run(deck: Deck, configuration: Configuration, term: String, messages: Messages) -> Int32 {
        var channels = Viewer.Channels()
        if let path = configuration.eventsPath {
            guard let opened = EventLog(path: path, origin: MonotonicClock.now()) else {
                StandardStreams.printError([messages.cannotOpenEvents(path: path, errno: errno)])
                return ExitCode.ioError
            }
            channels.log = opened
        }
        if let path = configuration.controlPath {
            do {
                channels.control = try ControlChannel(path: path)
            } catch {
                StandardStreams.printError([messages.controlFailure(error)])
                return ExitCode.cannotOpen
            }
        }
        if configuration.watch {
            guard let created = DeckWatcher(path: configuration.deckPath) else {
                StandardStreams.printError([messages.cannotWatch(path: configuration.deckPath)])
                return ExitCode.ioError
            }
            channels.watcher = created
        }
        let canReload = configuration.deckPath != "-"
        if canReload {
            guard let reloader = DeckReloader(path: configuration.deckPath) else {
                StandardStreams.printError([messages.ioFailure])
                return ExitCode.ioError
            }
            channels.reloader = reloader
        }
        guard let signals = SignalWatcher() else {
            StandardStreams.printError([messages.ioFailure])
            return ExitCode.ioError
        }
        let backend = CursesBackend()
        do {
            try backend.start(term: term, color: configuration.layoutOptions.color)
        } catch .unknownTerminal {
            StandardStreams.printError([messages.unknownTerminal(term)])
            StandardStreams.printOut(PlainText.lines(for: deck, messages: messages))
            return ExitCode.success
        } catch .resources(let code) {
            StandardStreams.printError([messages.outOfResources(errno: code)])
            return ExitCode.ioError
        } catch {
            StandardStreams.printError([messages.noTerminalInput])
            return ExitCode.ioError
        }
        let settings = ViewerModel.Settings(autoplay: configuration.playbackOptions.autoplay, canReload: canReload,
                                            language: configuration.layoutOptions.language,
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
        let viewer = Viewer(session: ViewerSession(model: model, screen: screen), backend: backend, signals: signals,
                            channels: channels)
        return viewer.run()
    }
}
