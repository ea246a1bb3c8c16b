import Engine

/// Parses the arguments of SPEC 1. Pure: arguments in, options or a `UsageError` out.
enum CommandLineParser {
    /// Every option, for `--help` and for the man-page test.
    static let optionNames = [
        "--check", "--plain", "--loop", "--once", "--start", "--duration", "--leeway", "--no-autoplay",
        "--events", "--control", "--watch", "--lang", "--ascii", "--no-color", "--help", "--version",
    ]

    /// The options that take a value, after a space or `=`.
    static let optionsTakingValue: Set = ["--start", "--duration", "--leeway", "--events", "--control", "--lang"]

    /// Reads the arguments (without the program name).
    static func parse(_ arguments: [String]) -> Result<CommandLineOptions, UsageError> {
        var options = CommandLineOptions()
        var deck: String?
        var index = 0
        var onlyOperands = false
        var wantsHelp = false
        var wantsVersion = false
        func value(for option: String, inline: String?) -> Result<String, UsageError> {
            if let inline { return .success(inline) }
            index += 1
            guard index < arguments.count else { return .failure(.missingValue(option: option)) }
            return .success(arguments[index])
        }
        func seconds(_ option: String, _ text: String, allowZero: Bool, maximum: Double)
            -> Result<Double, UsageError> {
            guard let number = Double(text), number.isFinite else {
                return .failure(.invalidNumber(option: option, value: text))
            }
            guard allowZero ? number >= 0 : number > 0, number <= maximum else {
                return .failure(.outOfRange(option: option, value: text))
            }
            return .success(number)
        }
        while index < arguments.count {
            let argument = arguments[index]
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                if deck != nil { return .failure(.extraArgument(argument)) }
                deck = argument
                index += 1
                continue
            }
            if argument == "--" {
                onlyOperands = true
                index += 1
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            // `--flag=value` only for options that take a value.
            if inline != nil && !Self.optionsTakingValue.contains(name) {
                return .failure(.unknownOption(argument))
            }
            do throws(UsageError) {
                switch name {
                case "--check": options.mode = .check
                case "--plain": options.mode = .plain
                case "--loop": options.strategy = .loop
                case "--once": options.strategy = .once
                case "--start": options.start = try value(for: name, inline: inline).get()
                case "--duration":
                    options.duration = try seconds(name, value(for: name, inline: inline).get(),
                                                   allowZero: false, maximum: 86_400).get()
                case "--leeway":
                    options.leeway = try seconds(name, value(for: name, inline: inline).get(),
                                                 allowZero: true, maximum: 3_600).get()
                case "--no-autoplay": options.autoplay = false
                case "--events": options.eventsPath = try value(for: name, inline: inline).get()
                case "--control": options.controlPath = try value(for: name, inline: inline).get()
                case "--watch": options.watch = true
                case "--lang":
                    let code = try value(for: name, inline: inline).get()
                    switch code.lowercased() {
                    case "en": options.language = .english
                    case "es": options.language = .spanish
                    default: return .failure(.invalidLanguage(code))
                    }
                case "--ascii": options.ascii = true
                case "--no-color", "--no-colour": options.noColor = true
                case "--resume": options.resume = true
                case "-h", "--help": wantsHelp = true
                case "--version": wantsVersion = true
                default: return .failure(.unknownOption(argument))
                }
            } catch {
                return .failure(error)
            }
            index += 1
        }
        // --help and --version win over the other options of a valid command line (and keep --lang);
        // a command line with an error is reported as such.
        if wantsHelp || wantsVersion {
            var chosen = CommandLineOptions()
            chosen.mode = wantsHelp ? .help : .version
            chosen.language = options.language
            return .success(chosen)
        }
        guard let deck else { return .failure(.missingDeck) }
        if options.watch && deck == "-" { return .failure(.watchStandardInput) }
        options.deckPath = deck
        return .success(options)
    }

    /// The language `--lang` asks for, read even from a command line that fails to parse, so
    /// that its usage error speaks that language.
    static func requestedLanguage(_ arguments: [String]) -> Language? {
        var result: Language?
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { break }
            var value: String?
            if argument == "--lang", index + 1 < arguments.count { value = arguments[index + 1] }
            if argument.hasPrefix("--lang=") { value = String(argument.dropFirst("--lang=".count)) }
            switch value?.lowercased() {
            case "en": result = .english
            case "es": result = .spanish
            default: break
            }
        }
        return result
    }
}
