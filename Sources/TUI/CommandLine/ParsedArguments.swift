import Engine

/// What the arguments say: the options or the first usage error, and the language `--lang` asks for.
/// The language is read in the same pass, even past an error, so that the error speaks it.
struct ParsedArguments: Sendable, Equatable {
    var result: Result<CommandLineOptions, UsageError>
    /// The last valid `--lang` before `--`, or nil: then the environment decides.
    var language: Language?
}
