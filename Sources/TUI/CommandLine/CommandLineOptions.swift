import Engine
import ViewerCore

/// Everything the command line says (OPTIONS in docs/stories-tui.1), parsed but not yet acted on.
/// The language of messages is not here: it is read even from a command line that fails, so it lives in
/// `ParsedArguments.language`.
struct CommandLineOptions: Sendable, Equatable {
    /// What the user asked the program to do.
    enum Mode: Sendable, Equatable {
        case view
        case check
        case plain
        /// `--print-deck`: print the JSON deck that DECK plays as.
        case printDeck
        case help
        case version
        /// `--completions SHELL`: print the completion script for that shell.
        case completions(CompletionShell)
    }

    var mode = Mode.view
    /// A path, or `-` for standard input.
    var deckPath = ""
    /// How the viewer is to run (the option table writes it; `--check` and `--plain` ignore it).
    var run = RunOptions()
    /// `--format`: how `--check` prints problems (only with `--check`).
    var format = CheckFormat.text
}
