import Glibc

/// Writes whole lines to standard output and standard error. Error lines get the `stories-tui: `
/// prefix, and every control character is dropped on the way out, so that nothing a user or a
/// deck typed can reach the terminal as an escape sequence.
enum StandardStreams {
    /// Writes lines to standard output; a string holding line breaks counts as several lines.
    static func printOut(_ lines: [String]) {
        DescriptorWriter.writeAll(STDOUT_FILENO, split(lines).map { safe($0) + "\n" }.joined())
    }

    /// Writes error lines to standard error, each prefixed with the program name.
    static func printError(_ lines: [String]) {
        DescriptorWriter.writeAll(STDERR_FILENO, split(lines).map { "stories-tui: " + safe($0) + "\n" }.joined())
    }

    private static func split(_ lines: [String]) -> [String] {
        lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The text without C0 controls, DEL and C1 controls.
    static func safe(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 && value != 0x09 { continue }
            if (0x7F...0x9F).contains(value) { continue }
            scalars.append(value == 0x09 ? " " : scalar)
        }
        return String(scalars)
    }
}
