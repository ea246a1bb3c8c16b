import Engine

/// Parses the arguments (OPTIONS in docs/stories-tui.1) against `OptionTable`. Pure: arguments in, options
/// or the first usage error out, and the language asked for either way.
enum CommandLineParser {
    /// Reads the arguments (without the program name) in one pass.
    ///
    /// A value follows its option after a space or `=`; `--flag=value` is an error before the option acts.
    /// `-` is the deck (standard input); `--` ends the options. After the first error the pass goes on only
    /// so that a later `--lang` still chooses the language of that error.
    static func parse(_ arguments: [String]) -> ParsedArguments {
        var draft = OptionDraft()
        var deck: String?
        var firstError: UsageError?
        var onlyOperands = false
        var index = 0
        func fail(_ error: UsageError) {
            if firstError == nil { firstError = error }
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                if deck == nil { deck = argument } else { fail(.extraArgument(argument)) }
                continue
            }
            if argument == "--" {
                onlyOperands = true
                continue
            }
            let (name, inline) = split(argument)
            guard let spec = OptionTable.spec(named: name) else {
                fail(.unknownOption(name, suggestion: OptionTable.suggestion(for: name)))
                continue
            }
            let text: String
            if !spec.value.takesValue {
                if let inline {
                    fail(.unexpectedValue(option: name, value: inline))
                    continue
                }
                text = ""
            } else if let inline {
                text = inline
            } else if index < arguments.count {
                text = arguments[index]
                index += 1
            } else {
                fail(.missingValue(option: name))
                continue
            }
            if let error = spec.value.apply(text, option: name, to: &draft) { fail(error) }
        }
        let result = firstError.map { Result<CommandLineOptions, UsageError>.failure($0) }
            ?? finish(draft, deck: deck)
        return ParsedArguments(result: result, language: draft.language)
    }

    /// `--name=value` as its name and value; any other argument as itself and no value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The checks that need the whole command line. `--help`, then `--version`, then `--completions`
    /// win over everything else of a valid command line and need no deck.
    private static func finish(_ draft: OptionDraft, deck: String?) -> Result<CommandLineOptions, UsageError> {
        if draft.help || draft.version || draft.completions != nil {
            var chosen = CommandLineOptions()
            if draft.help {
                chosen.mode = .help
            } else if let shell = draft.completions, !draft.version {
                chosen.mode = .completions(shell)
            } else {
                chosen.mode = .version
            }
            return .success(chosen)
        }
        var options = draft.options
        guard let deck else { return .failure(.missingDeck) }
        if options.run.watch && deck == "-" { return .failure(.watchStandardInput) }
        if let format = draft.format {
            guard options.mode == .check else { return .failure(.formatWithoutCheck) }
            options.format = format
        }
        options.deckPath = deck
        return .success(options)
    }
}
