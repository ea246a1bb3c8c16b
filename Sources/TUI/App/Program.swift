import Engine
import Glibc
import ViewerCore

/// The program from arguments to exit code: parse, load, then check, print or view.
enum Program {
    /// Runs the program; returns the exit code (the man page, OPTIONS and EXIT STATUS).
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
        case .check, .plain, .printDeck, .view:
            break
        }
        // Reading the deck may wait (a FIFO with no writer, as `cat` does): a quit signal must end that wait.
        SignalWatcher.unblockQuitting()
        let deck: Deck
        // Only --check decodes every picture (in the helper process); playing shows a bad one's alt text.
        let checkImages: ImageCheck? = options.mode == .check ? ImageInspector.check : nil
        // A folder with a stories.json is that file: its problems, reloads and watch are about it.
        // `--print-deck FOLDER > FOLDER/stories.json`: that file is the output, emptied by the shell, not the deck.
        let picturesOnly = options.mode == .printDeck && DeckLoader.isFolder(options.deckPath)
            && StandardStreams.outputIs(DeckLoader.deckFile(for: options.deckPath))
        let outcome = DeckLoader.loadReporting(path: options.deckPath, checkImages: checkImages, picturesOnly: picturesOnly)
        let deckFile = outcome.file
        if options.mode == .check, options.format == .text, !outcome.notes.isEmpty {
            StandardStreams.printDiagnostics(notes(outcome, language: language))
        }
        switch outcome.result {
        case .success(let loaded):
            deck = options.mode == .printDeck ? loaded : MovingPictureScan.annotate(loaded)
        case .failure(let error):
            report(error, file: deckFile, format: options.mode == .check ? options.format : .text,
                   language: language)
            return exitCode(for: error)
        }
        if options.mode == .printDeck {
            return printDeck(deck, messages: messages)
        }
        var run = options.run
        if let start = run.start {
            guard let index = deck.index(matching: start) else {
                StandardStreams.printError(messages.usageError(.unknownStart(start)))
                return ExitCode.usage
            }
            run.playback.start = .position(index + 1)
        }
        if options.mode == .check {
            // A valid deck has no problem to list in JSON; in text, one line says so.
            guard options.format == .text else { return ExitCode.success }
            return printOut([messages.deckIsValid(path: options.deckPath, deck: deck)], messages: messages)
        }
        let plainOutput = options.mode == .plain || isatty(STDOUT_FILENO) == 0 || environment.term == "dumb"
        if plainOutput {
            return printPlain(deck, messages: messages)
        }
        guard let term = environment.term else {
            StandardStreams.printError([messages.noTerminalType])
            return printPlain(deck, messages: messages)
        }
        // What only the environment says: a locale that cannot encode UTF-8 draws ASCII (the locale is
        // prepared only when it is needed), NO_COLOR, and the language of messages.
        if !run.layout.ascii { run.layout.ascii = !environment.prepareUTF8Locale() }
        run.layout.color = run.layout.color && !environment.noColor
        run.layout.language = language
        return ViewerLauncher.run(deck: deck, deckPath: deckFile, options: run, environment: environment,
                                  term: term, messages: messages)
    }

    /// Prints the deck as plain text in chunks of about 64 KiB: exit 0, or 74 when a write failed.
    static func printPlain(_ deck: Deck, messages: Messages) -> Int32 {
        var chunk: [String] = []
        var size = 0
        var code = ExitCode.success
        func flush() -> Bool {
            code = printOut(chunk, messages: messages)
            chunk.removeAll(keepingCapacity: true)
            size = 0
            return code == ExitCode.success
        }
        var lengths: [String: Double?] = [:]
        let videoLength = { (story: Story) -> Double? in
            guard let path = story.imagePath else { return nil }
            if let known = lengths[path] { return known }
            let length = AnimationScan.videoLength(atPath: path)
            lengths[path] = length
            return length
        }
        PlainText.forEachPart(of: deck, messages: messages, videoLength: videoLength) { lines in
            chunk += lines
            size += lines.reduce(0) { $0 + $1.utf8.count + 1 }
            return size < 65_536 || flush()
        }
        if code == ExitCode.success, !chunk.isEmpty { _ = flush() }
        return code
    }

    /// Prints the JSON deck that `deck` plays as (`--print-deck`), in parts: exit 0, or 74 when a write failed.
    static func printDeck(_ deck: Deck, messages: Messages) -> Int32 {
        var code = ExitCode.success
        DeckJSONWriter.write(deck, schema: SchemaLocation.address()) { part in
            // Each part ends in a line break, which printOut adds back.
            code = printOut([String(part.dropLast())], messages: messages)
            return code == ExitCode.success
        }
        return code
    }

    /// What a folder deck left out, as `PATH: note: MESSAGE` lines for `--check`.
    private static func notes(_ outcome: DeckLoadOutcome, language: Language) -> [String] {
        outcome.notes.map { $0.diagnosticLine(file: outcome.file, language: language) }
    }

    /// Reports a deck that could not be loaded: its problems in the editor form on standard error (or
    /// as JSON lines on standard output with `--format json`); any other error as the program's lines.
    private static func report(_ error: DeckLoadError, file: String, format: CheckFormat, language: Language) {
        switch (format, error) {
        case (.json, _): StandardStreams.printOut(error.jsonLines(file: file, language: language))
        case (.text, .invalid): StandardStreams.printDiagnostics(error.diagnosticLines(file: file, language: language))
        case (.text, _): StandardStreams.printError(error.message(in: language))
        }
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
