/// The shells `--completions` writes a script for.
enum CompletionShell: String, Sendable, CaseIterable {
    case bash
    case zsh
    case fish
}
