import Engine

/// Everything the command line says (OPTIONS in docs/stories-tui.1), parsed but not yet acted on.
/// The language of messages is not here: it is read even from a command line that fails, so it lives in
/// `ParsedArguments.language`.
struct CommandLineOptions: Sendable, Equatable {
    /// What the user asked the program to do.
    enum Mode: Sendable, Equatable {
        case view
        case check
        case plain
        case help
        case version
        /// `--completions SHELL`: print the completion script for that shell.
        case completions(CompletionShell)
    }

    var mode = Mode.view
    /// A path, or `-` for standard input.
    var deckPath = ""
    var strategy: Strategy?
    var start: String?
    var duration: Double?
    var leeway: Double?
    var autoplay = true
    var eventsPath: String?
    var controlPath: String?
    var watch = false
    var ascii = false
    var noColor = false
    /// `--images`: how pictures are drawn.
    var images = ImagesSetting.auto
    /// `--colors`: the colour depth, detected (`auto`) or forced.
    var colors = ColorsSetting.auto
    /// `--key-release`: whether to ask the terminal for key-release reports.
    var keyRelease = KeyReleaseSetting.auto
    /// `--resume`: start at the first story not yet seen to its end in an earlier run.
    var resume = false
    /// `--format`: how `--check` prints problems (only with `--check`).
    var format = CheckFormat.text
}
