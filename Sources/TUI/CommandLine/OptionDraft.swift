import Engine

/// The command line while it is read, before the checks that need all of it: which mode wins, and
/// whether there is a deck. Option setters in `OptionTable` write here.
struct OptionDraft: Sendable {
    var options = CommandLineOptions()
    var help = false
    var version = false
    var completions: CompletionShell?
    var format: CheckFormat?
    var language: Language?
}
