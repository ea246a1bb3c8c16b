/// The `--format` option: how `--check` prints the problems of a deck.
enum CheckFormat: String, Sendable, CaseIterable {
    /// One `PATH:LINE:COLUMN: error: MESSAGE` line a problem, for people and editors.
    case text
    /// One JSON object a line a problem, for tools.
    case json
}
