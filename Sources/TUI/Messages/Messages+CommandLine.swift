import Engine
import ViewerCore

/// The catalogue's command-line part: usage, version and usage errors.
extension Messages {
    /// `--version`: the version, and the commit when the build knows it.
    var versionLine: String {
        guard let commit = BuildInfo.commit else { return "stories-tui \(BuildInfo.version)" }
        return "stories-tui \(BuildInfo.version) (commit \(Messages.argument(commit)))"
    }

    /// The text of `--help`, no line wider than `OptionHelpText.width`; the option rows come from `OptionTable`.
    var usage: String {
        let options = OptionHelpText.lines(in: language).joined(separator: "\n")
        if language == .spanish {
            return """
            Uso: stories-tui [opciones] MAZO
            Reproduce un mazo de historias a pantalla completa.
            MAZO: un mazo JSON, un mazo Markdown (.md), una carpeta de imágenes y
                  vídeos, o - (entrada estándar).

            Opciones:
            \(options)

            \(keyList)
            Más en stories-tui(1).

            \(firstRunHelp)
            """
        }
        return """
        Usage: stories-tui [options] DECK
        Play a deck of stories full-screen.
        DECK: a JSON deck, a Markdown deck (.md), a folder of pictures and
              videos, or - for standard input.

        Options:
        \(options)

        \(keyList)
        More in stories-tui(1).

        \(firstRunHelp)
        """
    }

    /// One line for a usage error, without the `stories-tui: ` prefix, and a hint. Every argument
    /// quoted goes through `Messages.argument`, in backticks like the deck's and the channels' messages.
    func usageError(_ error: UsageError) -> [String] {
        let hint = pick("Try `stories-tui --help`.", "Prueba `stories-tui --help`.")
        let quote = Messages.argument
        let line: String
        switch error {
        case .unknownOption(let option, let suggestion):
            if let suggestion {
                line = pick("unknown option `\(quote(option))`; did you mean `\(suggestion)`?",
                            "opción desconocida `\(quote(option))`; ¿quisiste decir `\(suggestion)`?")
            } else {
                line = pick("unknown option `\(quote(option))`.", "opción desconocida `\(quote(option))`.")
            }
        case .missingValue(let option):
            line = pick("option \(option) needs a value.", "la opción \(option) necesita un valor.")
        case .unexpectedValue(let option, let value):
            line = pick("option \(option) takes no value (got `\(quote(value))`).",
                        "la opción \(option) no lleva valor (recibido `\(quote(value))`).")
        case .invalidNumber(let option, let value):
            line = pick("\(option) takes a number of seconds (got `\(quote(value))`).",
                        "\(option) espera un número de segundos (recibido `\(quote(value))`).")
        case .outOfRange(let option, let value, .positive(let maximum)):
            line = pick("\(option) must be greater than 0 and at most \(Self.seconds(maximum)) seconds (got `\(quote(value))`).",
                        "\(option) debe ser mayor que 0 y como mucho \(Self.seconds(maximum)) segundos (recibido `\(quote(value))`).")
        case .outOfRange(let option, let value, .nonNegative(let maximum)):
            line = pick("\(option) must be from 0 to \(Self.seconds(maximum)) seconds (got `\(quote(value))`).",
                        "\(option) debe estar entre 0 y \(Self.seconds(maximum)) segundos (recibido `\(quote(value))`).")
        case .invalidChoice(let option, let value, let allowed):
            let quoted = allowed.map { "`\($0)`" }
            line = pick("\(option) takes \(Self.list(quoted, or: "or")) (got `\(quote(value))`).",
                        "\(option) espera \(Self.list(quoted, or: "o")) (recibido `\(quote(value))`).")
        case .missingDeck:
            line = pick("no deck given: name a deck (a JSON or Markdown file, or a folder of pictures), or - for standard input.",
                        "falta el mazo: indica uno (un archivo JSON o Markdown, o una carpeta de imágenes), o - para la entrada estándar.")
        case .extraArgument(let argument):
            line = pick("only one deck can be played (extra argument `\(quote(argument))`).",
                        "solo se puede reproducir un mazo (argumento de más `\(quote(argument))`).")
        case .watchStandardInput:
            line = pick("--watch needs a deck file; standard input cannot be watched.",
                        "--watch necesita un archivo de mazo; la entrada estándar no se puede vigilar.")
        case .formatWithoutCheck:
            line = pick("--format applies to --check only: add --check, or drop --format.",
                        "--format solo vale con --check: añade --check, o quita --format.")
        case .unknownStart(let reference):
            line = pick("--start `\(quote(reference))` names no story in the deck: give an id or a position from 1.",
                        "--start `\(quote(reference))` no nombra ninguna historia: indica un id o una posición desde 1.")
        }
        return [line, hint]
    }

    /// An argument (an option, a value, a path, TERM) made safe to quote in a message: control,
    /// line-break and bidirectional characters removed, long ones cut with `…`, like deck text.
    /// The one place that says how; the Engine's sanitiser does the work.
    static func argument(_ text: String) -> String {
        TextSanitizer.quoted(text)
    }

    /// A whole number of seconds without `.0` (the limits are whole).
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// `'a', 'b' or 'c'`.
    private static func list(_ items: [String], or conjunction: String) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
