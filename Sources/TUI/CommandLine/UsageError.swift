/// A command line that cannot be run (exit 64). Printed through `Messages`.
enum UsageError: Error, Sendable, Equatable {
    case unknownOption(String)
    case missingValue(option: String)
    case invalidNumber(option: String, value: String)
    case outOfRange(option: String, value: String)
    case invalidLanguage(String)
    case missingDeck
    case extraArgument(String)
    case unknownStart(String)
    case watchStandardInput
}
