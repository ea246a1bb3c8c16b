/// One line of a Markdown deck as Unicode scalars (columns count scalars, as for JSON decks), and what the
/// block-level reader asks of it.
struct MarkdownLine {
    let scalars: [Unicode.Scalar]
    /// 1-based.
    let number: Int

    /// The line's text.
    var text: String { String(String.UnicodeScalarView(scalars)) }

    /// Spaces before the first other character.
    var indent: Int { scalars.prefix { $0 == " " }.count }

    /// Nothing but spaces and tabs.
    var isBlank: Bool { scalars.allSatisfy { $0 == " " || $0 == "\t" } }

    /// The line holds only `---` (trailing spaces and tabs allowed): the end of a story.
    var isStorySeparator: Bool {
        let trimmed = scalars.reversed().drop { $0 == " " || $0 == "\t" }
        return trimmed.count == 3 && trimmed.allSatisfy { $0 == "-" }
    }

    /// An opening code fence: at most 3 spaces, then 3 or more backticks or tildes (a backtick fence's info
    /// string has no backtick). Returns the fence character, its length and its 0-based column.
    var openingFence: (character: Unicode.Scalar, length: Int, at: Int)? {
        let start = indent
        guard start <= 3, start < scalars.count, scalars[start] == "`" || scalars[start] == "~" else { return nil }
        let character = scalars[start]
        let length = scalars[start...].prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        if character == "`", scalars[(start + length)...].contains("`") { return nil }
        return (character, length, start)
    }

    /// Whether this line closes a fence of `length` `character`s.
    func closesFence(_ character: Unicode.Scalar, length: Int) -> Bool {
        let start = indent
        guard start <= 3 else { return false }
        let run = scalars[start...].prefix { $0 == character }.count
        return run >= length && scalars[(start + run)...].allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// An ATX heading (`#` to `######`, then a space or the end): its text, without closing `#`s, and the
    /// 0-based column where the text starts.
    var heading: (text: [Unicode.Scalar], at: Int)? {
        let start = indent
        guard start <= 3 else { return nil }
        let level = scalars[start...].prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        let afterMarks = start + level
        guard afterMarks == scalars.count || scalars[afterMarks] == " " || scalars[afterMarks] == "\t" else {
            return nil
        }
        var text = Array(scalars[afterMarks...].drop { $0 == " " || $0 == "\t" })
        let at = scalars.count - text.count
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        // Closing marks: a run of `#` preceded by a space (or the whole text).
        let marks = text.reversed().prefix { $0 == "#" }.count
        if marks > 0, marks == text.count || text[text.count - marks - 1] == " " {
            text.removeLast(marks)
            while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        }
        return (text, at)
    }

    /// A list item marker (`-`, `*`, `+`, or a number and `.` or `)`, then a space): the item starts a line.
    var startsListItem: Bool {
        let rest = scalars.drop { $0 == " " }
        guard let first = rest.first else { return false }
        if first == "-" || first == "*" || first == "+" {
            return rest.dropFirst().first == " "
        }
        let digits = rest.prefix { $0.properties.numericType != nil && $0.isASCII }
        guard !digits.isEmpty, digits.count <= 9 else { return false }
        let after = rest.dropFirst(digits.count)
        return (after.first == "." || after.first == ")") && after.dropFirst().first == " "
    }

    /// Two or more trailing spaces, or a trailing backslash: a hard line break.
    var endsWithHardBreak: Bool {
        scalars.last == "\\" || (scalars.count >= 2 && scalars.suffix(2).allSatisfy { $0 == " " })
    }
}
