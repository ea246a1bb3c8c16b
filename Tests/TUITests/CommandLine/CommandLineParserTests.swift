import Engine
import Testing
@testable import TUI

@Suite("Command line (SPEC 1)")
struct CommandLineParserTests {
    func parse(_ arguments: String...) -> Result<CommandLineOptions, UsageError> {
        CommandLineParser.parse(arguments)
    }

    @Test("a deck path alone views it with the deck's own settings")
    func deckOnly() throws {
        let options = try parse("deck.json").get()
        #expect(options.mode == .view)
        #expect(options.deckPath == "deck.json")
        #expect(options.strategy == nil && options.duration == nil && options.autoplay)
    }

    @Test("every option, with separate and = values")
    func everyOption() throws {
        let options = try parse("--loop", "--start", "dusk", "--duration=7.5", "--leeway", "0", "--no-autoplay",
                                "--events", "ev.jsonl", "--control=fifo", "--watch", "--lang", "es", "--ascii",
                                "--no-color", "deck.json").get()
        #expect(options.deckPath == "deck.json")
        #expect(options.strategy == .loop)
        #expect(options.start == "dusk")
        #expect(options.duration == 7.5)
        #expect(options.leeway == 0)
        #expect(!options.autoplay)
        #expect(options.eventsPath == "ev.jsonl")
        #expect(options.controlPath == "fifo")
        #expect(options.watch && options.ascii && options.noColor)
        #expect(options.language == .spanish)
    }

    @Test("check, plain, help and version modes")
    func modes() throws {
        #expect(try parse("--check", "d.json").get().mode == .check)
        #expect(try parse("--plain", "d.json").get().mode == .plain)
        #expect(try parse("--once", "-h").get().mode == .help)
        #expect(try parse("--version").get().mode == .version)
    }

    @Test("usage errors name what is wrong")
    func errors() {
        #expect(parse("--nope", "d.json") == .failure(.unknownOption("--nope")))
        #expect(parse("d.json", "--start") == .failure(.missingValue(option: "--start")))
        #expect(parse("--duration", "abc", "d.json") == .failure(.invalidNumber(option: "--duration", value: "abc")))
        #expect(parse("--duration", "0", "d.json") == .failure(.outOfRange(option: "--duration", value: "0")))
        #expect(parse("--duration", "nan", "d.json") == .failure(.invalidNumber(option: "--duration", value: "nan")))
        #expect(parse("--leeway", "-1", "d.json") == .failure(.outOfRange(option: "--leeway", value: "-1")))
        #expect(parse("--lang", "fr", "d.json") == .failure(.invalidLanguage("fr")))
        #expect(parse() == .failure(.missingDeck))
        #expect(parse("a.json", "b.json") == .failure(.extraArgument("b.json")))
        #expect(parse("--watch=yes", "d.json") == .failure(.unknownOption("--watch=yes")))
        #expect(parse("--watch", "-") == .failure(.watchStandardInput))
    }

    @Test("--help keeps --lang wherever it stands; a failed parse still finds --lang for its message")
    func helpLanguage() throws {
        #expect(try parse("--help", "--lang", "es").get().language == .spanish)
        #expect(try parse("--lang=es", "--version").get().mode == .version)
        #expect(CommandLineParser.requestedLanguage(["--bogus", "--lang", "es"]) == .spanish)
        #expect(CommandLineParser.requestedLanguage(["--", "--lang", "es"]) == nil)
    }

    @Test("-- ends the options, so a deck may start with a dash")
    func doubleDash() throws {
        #expect(try parse("--", "-odd.json").get().deckPath == "-odd.json")
    }

    @Test("usage errors come in both languages with a hint")
    func messages() {
        let english = Messages(language: .english).usageError(.unknownOption("--nope"))
        #expect(english == ["unknown option '--nope'.", "Try 'stories-tui --help'."])
        let spanish = Messages(language: .spanish).usageError(.missingDeck)
        #expect(spanish.first?.hasPrefix("falta") == true)
    }
}
