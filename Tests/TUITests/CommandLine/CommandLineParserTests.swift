import Engine
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Command line: parsing")
struct CommandLineParserTests {
    func parse(_ arguments: String...) -> Result<CommandLineOptions, UsageError> {
        CommandLineParser.parse(arguments).result
    }

    @Test("a deck path alone views it with the deck's own settings")
    func deckOnly() throws {
        let options = try parse("deck.json").get()
        #expect(options.mode == .view)
        #expect(options.deckPath == "deck.json")
        #expect(options.run.playback.strategy == nil && options.run.playback.defaultDuration == nil && options.run.playback.autoplay)
        #expect(options.run.images == .auto && options.run.keyRelease == .auto && !options.run.resume && options.format == .text)
    }

    @Test("every option, with separate and = values")
    func everyOption() throws {
        let parsed = CommandLineParser.parse([
            "--loop", "--start", "dusk", "--duration=7.5", "--leeway", "0", "--no-autoplay", "--events", "ev.jsonl",
            "--control=fifo", "--watch", "--lang", "es", "--ascii", "--no-color", "--images", "symbols",
            "--key-release=off", "--resume", "deck.json",
        ])
        let options = try parsed.result.get()
        #expect(options.deckPath == "deck.json")
        #expect(options.run.playback.strategy == .loop)
        #expect(options.run.start == "dusk")
        #expect(options.run.playback.defaultDuration == 7.5)
        #expect(options.run.playback.leeway == 0)
        #expect(!options.run.playback.autoplay)
        #expect(options.run.eventsPath == "ev.jsonl")
        #expect(options.run.controlPath == "fifo")
        #expect(options.run.watch && options.run.layout.ascii && !options.run.layout.color && options.run.resume)
        #expect(options.run.images == .symbols)
        #expect(options.run.keyRelease == .off)
        #expect(parsed.language == .spanish)
    }

    @Test("every choice of every option is read, ignoring case", arguments: OptionTable.all.filter { !$0.value.choices.isEmpty })
    func choices(spec: OptionSpec) throws {
        for word in spec.value.choices {
            for spelling in [word, word.uppercased()] {
                let parsed = CommandLineParser.parse(["--check", spec.name, spelling, "d.json"])
                #expect((try? parsed.result.get()) != nil, "\(spec.name) \(spelling): \(parsed.result)")
            }
        }
        #expect(parse(spec.name, "nope", "d.json")
                == .failure(.invalidChoice(option: spec.name, value: "nope", allowed: spec.value.choices)))
    }

    @Test("the values each choice sets")
    func choiceValues() throws {
        #expect(try parse("--images=off", "d.json").get().run.images == .off)
        #expect(try parse("--images", "AUTO", "d.json").get().run.images == .auto)
        #expect(try parse("--key-release", "auto", "d.json").get().run.keyRelease == .auto)
        #expect(try parse("--check", "--format", "json", "d.json").get().format == .json)
        #expect(try parse("--format=text", "--check", "d.json").get().format == .text)
        #expect(CommandLineParser.parse(["--lang", "EN", "d.json"]).language == .english)
    }

    @Test("check, plain, help, version and completions modes")
    func modes() throws {
        #expect(try parse("--check", "d.json").get().mode == .check)
        #expect(try parse("--plain", "d.json").get().mode == .plain)
        #expect(try parse("--once", "-h").get().mode == .help)
        #expect(try parse("--version").get().mode == .version)
        #expect(try parse("--completions", "zsh").get().mode == .completions(.zsh))
        #expect(try parse("--completions=fish", "deck.json", "--watch").get().mode == .completions(.fish))
        // --help wins over --version, which wins over --completions.
        #expect(try parse("--completions", "bash", "--version").get().mode == .version)
        #expect(try parse("--version", "--help").get().mode == .help)
    }

    @Test("usage errors name what is wrong")
    func errors() {
        #expect(parse("--nope", "d.json") == .failure(.unknownOption("--nope", suggestion: nil)))
        #expect(parse("d.json", "--start") == .failure(.missingValue(option: "--start")))
        #expect(parse("--duration", "abc", "d.json") == .failure(.invalidNumber(option: "--duration", value: "abc")))
        #expect(parse("--duration", "0", "d.json")
                == .failure(.outOfRange(option: "--duration", value: "0", limit: .duration)))
        #expect(parse("--duration", "nan", "d.json") == .failure(.invalidNumber(option: "--duration", value: "nan")))
        #expect(parse("--duration", "inf", "d.json") == .failure(.invalidNumber(option: "--duration", value: "inf")))
        #expect(parse("--leeway", "-1", "d.json") == .failure(.outOfRange(option: "--leeway", value: "-1", limit: .leeway)))
        #expect(parse("--lang", "fr", "d.json") == .failure(.invalidChoice(option: "--lang", value: "fr", allowed: ["en", "es"])))
        #expect(parse() == .failure(.missingDeck))
        #expect(parse("--loop") == .failure(.missingDeck))
        #expect(parse("a.json", "b.json") == .failure(.extraArgument("b.json")))
        #expect(parse("--watch", "-") == .failure(.watchStandardInput))
        #expect(parse("--format", "json", "d.json") == .failure(.formatWithoutCheck))
        #expect(parse("--plain", "--format=text", "d.json") == .failure(.formatWithoutCheck))
        #expect(parse("--completions", "tcsh") == .failure(.invalidChoice(option: "--completions", value: "tcsh",
                                                                           allowed: ["bash", "zsh", "fish"])))
    }

    @Test("the limits of --duration and --leeway are the deck format's")
    func limits() throws {
        #expect(try parse("--duration", String(DeckLimits.maximumDuration), "d.json").get().run.playback.defaultDuration == DeckLimits.maximumDuration)
        #expect(parse("--duration", String(DeckLimits.maximumDuration.nextUp), "d.json")
                == .failure(.outOfRange(option: "--duration", value: String(DeckLimits.maximumDuration.nextUp), limit: .duration)))
        #expect(try parse("--leeway", String(DeckLimits.maximumLeeway), "d.json").get().run.playback.leeway == DeckLimits.maximumLeeway)
        #expect(parse("--leeway", "3600.5", "d.json")
                == .failure(.outOfRange(option: "--leeway", value: "3600.5", limit: .leeway)))
        #expect(SecondsLimit.duration.maximum == DeckLimits.maximumDuration)
        #expect(SecondsLimit.leeway.maximum == DeckLimits.maximumLeeway)
    }

    @Test("--flag=value is refused before the option acts, for every option without a value")
    func flagWithValue() {
        for spec in OptionTable.all where !spec.value.takesValue {
            for name in spec.acceptedNames where name.hasPrefix("--") {
                #expect(parse(name + "=yes", "d.json") == .failure(.unexpectedValue(option: name, value: "yes")))
            }
        }
        // A short option has no = form: the whole argument is unknown.
        #expect(parse("-h=yes") == .failure(.unknownOption("-h=yes", suggestion: nil)))
    }

    @Test("an option at the end without its value, for every option with one")
    func missingValues() {
        for spec in OptionTable.all where spec.value.takesValue {
            #expect(parse("d.json", spec.name) == .failure(.missingValue(option: spec.name)))
        }
    }

    @Test("the first error is reported, whatever follows")
    func firstError() {
        #expect(parse("--nope", "--duration", "x", "d.json") == .failure(.unknownOption("--nope", suggestion: nil)))
        #expect(parse("--duration", "x", "--nope", "d.json") == .failure(.invalidNumber(option: "--duration", value: "x")))
    }

    @Test("--help keeps --lang wherever it stands; a failed parse still finds --lang for its message")
    func helpLanguage() throws {
        #expect(CommandLineParser.parse(["--help", "--lang", "es"]).language == .spanish)
        #expect(try parse("--lang=es", "--version").get().mode == .version)
        #expect(CommandLineParser.parse(["--bogus", "--lang", "es"]).language == .spanish)
        #expect(CommandLineParser.parse(["--lang=es", "--duration", "x", "d.json"]).language == .spanish)
        #expect(CommandLineParser.parse(["--lang", "es", "--lang", "fr"]).language == .spanish)
        #expect(CommandLineParser.parse(["--lang", "es", "--lang", "en"]).language == .english)
        #expect(CommandLineParser.parse(["--", "--lang", "es"]).language == nil)
        #expect(CommandLineParser.parse(["d.json"]).language == nil)
    }

    @Test("- is the deck (standard input), and -- ends the options")
    func operands() throws {
        #expect(try parse("-").get().deckPath == "-")
        #expect(try parse("--check", "-").get().deckPath == "-")
        #expect(try parse("--", "-odd.json").get().deckPath == "-odd.json")
        #expect(try parse("--loop", "--", "--check").get().deckPath == "--check")
        #expect(try parse("--loop", "--", "--check").get().mode == .view)
        #expect(parse("--", "a.json", "--", "b.json") == .failure(.extraArgument("--")))
    }

    @Test("unknown options get the nearest option, if one is close")
    func suggestions() {
        #expect(parse("--duratoin", "5", "d.json") == .failure(.unknownOption("--duratoin", suggestion: "--duration")))
        #expect(parse("--duratoin=5", "d.json") == .failure(.unknownOption("--duratoin", suggestion: "--duration")))
        #expect(parse("--lnag", "es", "d.json") == .failure(.unknownOption("--lnag", suggestion: "--lang")))
        #expect(parse("-check", "d.json") == .failure(.unknownOption("-check", suggestion: "--check")))
        #expect(parse("--no-colr", "d.json") == .failure(.unknownOption("--no-colr", suggestion: "--no-color")))
        #expect(parse("--keyrelease=off", "d.json") == .failure(.unknownOption("--keyrelease", suggestion: "--key-release")))
        #expect(parse("--completion", "bash") == .failure(.unknownOption("--completion", suggestion: "--completions")))
        #expect(parse("--frobnicate", "d.json") == .failure(.unknownOption("--frobnicate", suggestion: nil)))
        // One-letter names are never suggested: -v is not a typo of -h.
        #expect(parse("-v") == .failure(.unknownOption("-v", suggestion: nil)))
    }

    @Test("--no-colour is the same option as --no-color")
    func alias() throws {
        #expect(try parse("--no-colour", "d.json").get().run.layout.color == false)
        #expect(parse("--no-colour=1", "d.json") == .failure(.unexpectedValue(option: "--no-colour", value: "1")))
    }
}
