import Engine
import ViewerCore

/// The options part of `--help`, laid out from `OptionTable`: two spaces, the names and value padded to
/// a column, then the text, word-wrapped so that no line is wider than `width`; names too long for the
/// column get the text on the next line.
enum OptionHelpText {
    /// Where the text of every row starts (0-based column).
    static let textColumn = 23

    /// The widest line of `--help`: a terminal of 80 columns shows it unwrapped.
    static let width = 80

    /// The option rows in `language`, one string a line.
    static func lines(in language: Language) -> [String] {
        var lines: [String] = []
        for row in rows(in: language) {
            let indent = String(repeating: " ", count: textColumn)
            let label = "  " + row.label
            var text = TextWrapper.wrap(row.text.joined(separator: " "), width: width - textColumn)
            if label.count + 2 <= textColumn, !text.isEmpty {
                lines.append(label + String(repeating: " ", count: textColumn - label.count) + text.removeFirst())
            } else {
                lines.append(label)
            }
            lines += text.map { indent + $0 }
        }
        return lines
    }

    /// Each help row: its label (`--duration SECONDS`, `--loop, --once`) and its lines of text.
    static func rows(in language: Language) -> [(label: String, text: [String])] {
        var rows: [(label: String, text: [String])] = []
        for spec in OptionTable.all {
            var label = spec.names.joined(separator: ", ")
            if let placeholder = spec.value.placeholder(in: language) { label += " " + placeholder }
            switch spec.help {
            case .row(let english, let spanish):
                rows.append((label, language == .spanish ? spanish : english))
            case .withPrevious:
                if rows.isEmpty {
                    rows.append((label, []))
                } else {
                    rows[rows.count - 1].label += ", " + label
                }
            }
        }
        return rows
    }
}
