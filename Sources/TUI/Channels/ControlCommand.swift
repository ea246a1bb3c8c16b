/// One line of the control FIFO (the man page, CONTROL), parsed.
enum ControlCommand: Sendable, Equatable {
    case next
    case previous
    case pause
    case resume
    case toggle
    /// `goto ID|N`: a story id, or a 1-based position.
    case goto(String)
    case reload
    case quit
    /// A line the program does not know; reported in the events stream, never fatal.
    case unknown(String)

    /// Parses a line: the command word, then for `goto` the rest of the line (trimmed).
    init(line: String) {
        let trimmed = line.trimmingWhitespace()
        let parts = trimmed.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        let word = parts.first.map(String.init) ?? ""
        let argument = parts.count > 1 ? String(parts[1]).trimmingWhitespace() : ""
        switch (word, argument.isEmpty) {
        case ("next", true): self = .next
        case ("prev", true), ("previous", true): self = .previous
        case ("pause", true): self = .pause
        case ("resume", true): self = .resume
        case ("toggle", true): self = .toggle
        case ("goto", false): self = .goto(argument)
        case ("reload", true): self = .reload
        case ("quit", true): self = .quit
        default: self = .unknown(trimmed)
        }
    }
}
