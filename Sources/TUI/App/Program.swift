import Engine
import Glibc

/// The program from arguments to exit code: parse, load, then check, print or view.
enum Program {
    /// Runs the program; returns the exit code (SPEC 1).
    static func run(arguments: [String], environment: Environment) -> Int32 {
        setlocale(LC_ALL, "")
        let parsed = CommandLineParser.parse(arguments)
        let language = CommandLineParser.requestedLanguage(arguments) ?? environment.language
        let messages = Messages(language: language)
        let options: CommandLineOptions
        switch parsed {
        case .failure(let error):
            StandardStreams.printError(messages.usageError(error))
            return ExitCode.usage
        case .success(let value):
            options = value
        }
        switch options.mode {
        case .help:
            StandardStreams.printOut([messages.usage])
            return ExitCode.success
        case .version:
            StandardStreams.printOut([messages.versionLine])
            return ExitCode.success
        case .check, .plain, .view:
            break
        }
        let deck: Deck
        switch DeckLoader.load(path: options.deckPath) {
        case .success(let loaded):
            deck = loaded
        case .failure(let error):
            StandardStreams.printError(error.message(in: language))
            return exitCode(for: error)
        }
        var startIndex: Int?
        if let start = options.start {
            guard let index = deck.index(matching: start) else {
                StandardStreams.printError(messages.usageError(.unknownStart(start)))
                return ExitCode.usage
            }
            startIndex = index
        }
        if options.mode == .check {
            StandardStreams.printOut([messages.deckIsValid(path: options.deckPath, deck: deck)])
            return ExitCode.success
        }
        let plainOutput = options.mode == .plain || isatty(STDOUT_FILENO) == 0 || environment.term == "dumb"
        if plainOutput {
            StandardStreams.printOut(PlainText.lines(for: deck, messages: messages))
            return ExitCode.success
        }
        guard let term = environment.term else {
            StandardStreams.printError([messages.noTerminalType])
            StandardStreams.printOut(PlainText.lines(for: deck, messages: messages))
            return ExitCode.success
        }
        var playbackOptions = PlaybackOptions()
        playbackOptions.strategy = options.strategy
        playbackOptions.defaultDuration = options.duration
        playbackOptions.leeway = options.leeway
        playbackOptions.autoplay = options.autoplay
        playbackOptions.start = startIndex.map { .position($0 + 1) }
        let layoutOptions = LayoutOptions(
            ascii: options.ascii || !environment.prepareUTF8Locale(),
            color: !options.noColor && !environment.noColor,
            language: language
        )
        let configuration = ViewerLauncher.Configuration(
            deckPath: options.deckPath, playbackOptions: playbackOptions, layoutOptions: layoutOptions,
            eventsPath: options.eventsPath, controlPath: options.controlPath, watch: options.watch,
            resume: options.resume, environment: environment.variables)
        return ViewerLauncher.run(deck: deck, configuration: configuration, term: term, messages: messages)
    }

    private static func exitCode(for error: DeckLoadError) -> Int32 {
        switch error {
        case .invalid: return ExitCode.invalidDeck
        case .readFailed: return ExitCode.ioError
        default: return ExitCode.cannotOpen
        }
    }
}
