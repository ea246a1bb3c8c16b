/// A command line that cannot be run (exit 64). Facts only: `Messages.usageError` words it.
enum UsageError: Error, Sendable, Equatable {
    /// An argument that starts with `-` and names no option; `suggestion` is the nearest option, if any is close.
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    /// `--flag=value` for an option that takes no value.
    case unexpectedValue(option: String, value: String)
    case invalidNumber(option: String, value: String)
    case outOfRange(option: String, value: String, limit: SecondsLimit)
    case invalidChoice(option: String, value: String, allowed: [String])
    case missingDeck
    case extraArgument(String)
    case unknownStart(String)
    case watchStandardInput
    /// `--format` without `--check`.
    case formatWithoutCheck
}
