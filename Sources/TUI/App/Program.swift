import Engine
import Glibc

/// The program from arguments to exit code: parse, load, then check, print or view.
enum Program {
    /// Runs the program; returns the exit code (SPEC 1).
    static func run(arguments: [String], environment: Environment) -> Int32 {
        // The character set for curses and the C library's language for `strerror`; the other
        // categories (numbers, dates, collation) are never used and cost a file each to load.
        // The language of messages comes from the environment itself (`Environment.language`).
        setlocale(LC_CTYPE, "")
        setlocale(LC_MESSAGES, "")
        let parsed = CommandLineParser.parse(arguments)
        let language = parsed.language ?? environment.language
        let messages = Messages(language: language)
        let options: CommandLineOptions
        switch parsed.result {
        case .failure(let error):
            StandardStreams.printError(messages.usageError(error))
            return ExitCode.usage
        case .success(let value):
            options = value
        }
        switch options.mode {
        case .help:
            return printOut([messages.usage], messages: messages)
        case .version:
            return printOut([messages.versionLine], messages: messages)
        case .completions(let shell):
            return printOut([CompletionScript.text(for: shell, language: language)], messages: messages)
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
            return printOut([messages.deckIsValid(path: options.deckPath, deck: deck)], messages: messages)
        }
        let plainOutput = options.mode == .plain || isatty(STDOUT_FILENO) == 0 || environment.term == "dumb"
        if plainOutput {
            return printOut(PlainText.lines(for: deck, messages: messages), messages: messages)
        }
        guard let term = environment.term else {
            StandardStreams.printError([messages.noTerminalType])
            return printOut(PlainText.lines(for: deck, messages: messages), messages: messages)
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
            images: options.images, colorTerm: environment.variables["COLORTERM"],
            keyRelease: options.keyRelease == .auto, resume: options.resume, environment: environment.variables)
        return ViewerLauncher.run(deck: deck, configuration: configuration, term: term, messages: messages)
    }

    /// Writes lines to standard output: exit 0, or 74 with one message when the write failed
    /// (`/dev/full`, a closed stdout).
    static func printOut(_ lines: [String], messages: Messages) -> Int32 {
        guard let failure = StandardStreams.printOut(lines) else { return ExitCode.success }
        StandardStreams.printError([messages.channelFailure(failure)])
        return ExitCode.ioError
    }

    private static func exitCode(for error: DeckLoadError) -> Int32 {
        switch error {
        case .invalid: return ExitCode.invalidDeck
        case .readFailed: return ExitCode.ioError
        default: return ExitCode.cannotOpen
        }
    }
}
