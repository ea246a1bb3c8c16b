/// One line of the control FIFO (the man page, CONTROL), parsed: a word that asks for the same
/// `ViewerAction` a key does, `goto` with its story, or a line the program does not know.
package enum ControlCommand: Sendable, Equatable {
    case action(ViewerAction)
    /// `goto ID|N`: a story id, or a 1-based position.
    case goto(String)
    /// A line the program does not know; reported in the events stream, never fatal.
    case unknown(String)

    /// The words a line may be, and the action each asks for.
    package static let words: [String: ViewerAction] = [
        "next": .next, "prev": .previous, "previous": .previous, "pause": .pause, "resume": .resume,
        "toggle": .togglePause, "reload": .reload, "quit": .quit,
    ]

    /// Parses a line: the command word, then for `goto` the rest of the line (trimmed).
    package init(line: String) {
        let trimmed = line.trimmingWhitespace()
        let parts = trimmed.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        let word = parts.first.map(String.init) ?? ""
        let argument = parts.count > 1 ? String(parts[1]).trimmingWhitespace() : ""
        if word == "goto", !argument.isEmpty {
            self = .goto(argument)
        } else if argument.isEmpty, let action = Self.words[word] {
            self = .action(action)
        } else {
            self = .unknown(trimmed)
        }
    }
}
