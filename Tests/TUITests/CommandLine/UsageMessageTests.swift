import Engine
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// Usage errors in both languages, and every message that quotes an argument: an argument is cleaned
/// and cut like deck text (docs/RELIABILITY.md), so it can neither reorder the line (bidi controls),
/// split it (line breaks), reach the terminal as a control sequence, nor run on for ever.
@Suite("Command line: messages")
struct UsageMessageTests {
    static let english = Messages(language: .english)
    static let spanish = Messages(language: .spanish)

    /// Arguments a user (or a script fed by someone else) might pass.
    static let hostile = [
        "bidi\u{202E}txt.json\u{2066}x\u{2069}",
        "two\nlines\r\nand\u{1B}[2Jescape\u{9B}31m\u{07}",
        String(repeating: "long-", count: 100),
    ]

    /// The scalars that must never appear in a message line.
    static func unsafeScalars(_ line: String) -> [UInt32] {
        line.unicodeScalars.map(\.value).filter {
            $0 < 0x20 || (0x7F...0x9F).contains($0) || (0x202A...0x202E).contains($0) || (0x2066...0x2069).contains($0)
        }
    }

    /// The lines of a message quoting a hostile argument are safe and bounded, and a long argument is cut with `…`.
    static func expectSafe(_ lines: [String], quoting argument: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            #expect(unsafeScalars(line).isEmpty, "\(line.debugDescription)", sourceLocation: sourceLocation)
            #expect(line.count < 400, "\(line.count) characters", sourceLocation: sourceLocation)
        }
        if argument.count > 200 {
            #expect(lines.contains { $0.contains("…") }, "\(lines)", sourceLocation: sourceLocation)
        }
    }

    @Test("usage errors come in both languages with a hint")
    func languages() {
        #expect(Self.english.usageError(.unknownOption("--nope", suggestion: nil))
                == ["unknown option `--nope`.", "Try `stories-tui --help`."])
        #expect(Self.spanish.usageError(.unknownOption("--nope", suggestion: nil))
                == ["opción desconocida `--nope`.", "Prueba `stories-tui --help`."])
        #expect(Self.spanish.usageError(.missingDeck).first?.hasPrefix("falta") == true)
    }

    @Test("did you mean, in English and Spanish")
    func didYouMean() {
        #expect(Self.english.usageError(.unknownOption("--duratoin", suggestion: "--duration")).first
                == "unknown option `--duratoin`; did you mean `--duration`?")
        #expect(Self.spanish.usageError(.unknownOption("--duratoin", suggestion: "--duration")).first
                == "opción desconocida `--duratoin`; ¿quisiste decir `--duration`?")
    }

    @Test("limits are stated from DeckLimits, as whole numbers")
    func limits() {
        #expect(Self.english.usageError(.outOfRange(option: "--duration", value: "0", limit: .duration)).first
                == "--duration must be greater than 0 and at most 86400 seconds (got `0`).")
        #expect(Self.spanish.usageError(.outOfRange(option: "--leeway", value: "-1", limit: .leeway)).first
                == "--leeway debe estar entre 0 y 3600 segundos (recibido `-1`).")
        let maximum = Self.english.usageError(.outOfRange(option: "--duration", value: "x", limit: .duration)).first ?? ""
        #expect(maximum.contains("at most \(Int(DeckLimits.maximumDuration)) seconds"))
    }

    @Test("choices are listed in each language")
    func choices() {
        #expect(Self.english.usageError(.invalidChoice(option: "--lang", value: "fr", allowed: ["en", "es"])).first
                == "--lang takes `en` or `es` (got `fr`).")
        #expect(Self.spanish.usageError(.invalidChoice(option: "--images", value: "x", allowed: ["auto", "symbols", "off"])).first
                == "--images espera `auto`, `symbols` o `off` (recibido `x`).")
    }

    @Test("--format without --check, and --flag=value")
    func newErrors() {
        #expect(Self.english.usageError(.formatWithoutCheck).first == "--format applies to --check only: add --check, or drop --format.")
        #expect(Self.spanish.usageError(.unexpectedValue(option: "--watch", value: "yes")).first
                == "la opción --watch no lleva valor (recibido `yes`).")
    }

    /// Every usage error that quotes an argument, with `argument` in it.
    static func usageErrors(quoting argument: String) -> [UsageError] {
        [.unknownOption(argument, suggestion: nil),
         .unexpectedValue(option: "--watch", value: argument),
         .invalidNumber(option: "--duration", value: argument),
         .outOfRange(option: "--duration", value: argument, limit: .duration),
         .outOfRange(option: "--leeway", value: argument, limit: .leeway),
         .invalidChoice(option: "--lang", value: argument, allowed: ["en", "es"]),
         .extraArgument(argument),
         .unknownStart(argument)]
    }

    @Test("every usage error quotes a hostile argument safely", arguments: hostile)
    func hostileUsageErrors(argument: String) {
        for messages in [Self.english, Self.spanish] {
            for error in Self.usageErrors(quoting: argument) {
                let lines = messages.usageError(error)
                #expect(lines.count == 2)
                Self.expectSafe(lines, quoting: argument)
            }
        }
    }

    @Test("the parser's own errors quote hostile arguments safely", arguments: hostile)
    func hostileParsedArguments(argument: String) throws {
        for arguments in [["--" + argument, "d.json"], ["--duration", argument, "d.json"],
                          ["--images", argument, "d.json"], ["a.json", argument], ["--watch=" + argument, "d.json"]] {
            let parsed = CommandLineParser.parse(arguments)
            guard case .failure(let error) = parsed.result else {
                Issue.record("\(arguments) parsed")
                continue
            }
            Self.expectSafe(Self.english.usageError(error), quoting: argument)
        }
    }

    @Test("program and channel messages quote paths and TERM safely", arguments: hostile)
    func hostileProgramMessages(argument: String) throws {
        let deck = try DeckLoader.decode(Array(#"[{"title": "a"}]"#.utf8), baseDirectory: nil).get()
        for messages in [Self.english, Self.spanish] {
            let lines = [
                messages.deckIsValid(path: argument, deck: deck),
                messages.unknownTerminal(argument),
            ] + [ChannelFailure(channel: .events, path: argument, reason: .cannotOpen(SystemError(code: ENOENT))),
                 ChannelFailure(channel: .events, path: argument, reason: .noReader),
                 ChannelFailure(channel: .control, path: argument, reason: .wrongType(.directory)),
                 ChannelFailure(channel: .control, path: argument, reason: .cannotOpen(SystemError(code: EACCES))),
                 ChannelFailure(channel: .watch, path: argument, reason: .cannotOpen(SystemError(code: ENOSPC)))]
                .map(messages.channelFailure)
            for line in lines { Self.expectSafe([line], quoting: argument) }
        }
    }

    @Test("a cleaned argument keeps its visible text, and a short one is whole")
    func cleaning() {
        #expect(Messages.argument("a\u{202E}b\nc") == "ab c")
        #expect(Messages.argument("--duration") == "--duration")
        let long = String(repeating: "x", count: 500)
        #expect(Messages.argument(long) == String(repeating: "x", count: MessageText.quoteWidth) + "…")
        #expect(Messages.pathArgument(long).count == 121)
        #expect(Messages.pathArgument(String(repeating: "p", count: 120)) == String(repeating: "p", count: 120))
    }
}
