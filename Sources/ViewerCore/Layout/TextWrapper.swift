/// Word-wraps text by display width (docs/VIEWER.md, "Screen"), keeping its whitespace as plain mode prints it:
/// explicit line breaks, leading indentation and runs of spaces stay (a tab was already four
/// spaces at load). A line that wraps continues under its own indentation; spaces at a wrap point
/// are dropped; a word wider than the line is broken between characters.
package enum TextWrapper {
    /// Wrapped lines, and whether the text went on past the last one.
    package struct Wrapped: Equatable {
        package var lines: [String]
        package var truncated: Bool
    }

    /// Lines of at most `width` columns, at most `maxLines` of them; text that needs more lines
    /// ends with `ellipsis` on the last one.
    package static func wrap(_ text: String, width: Int, maxLines: Int = .max, ellipsis: String = "…") -> [String] {
        var wrapped = lines(text, width: width, maxLines: maxLines)
        if wrapped.truncated, let last = wrapped.lines.popLast() {
            wrapped.lines.append(withEllipsis(last, width: width, ellipsis: ellipsis))
        }
        return wrapped.lines
    }

    /// At most `maxLines` wrapped lines, and whether more would follow. The work stops at the
    /// line after the last one kept, so a 16 MiB caption costs no more than the lines shown.
    package static func lines(_ text: String, width: Int, maxLines: Int = .max) -> Wrapped {
        guard width > 0, maxLines > 0 else { return Wrapped(lines: [], truncated: !text.isEmpty) }
        var lines: [String] = []
        var truncated = false
        paragraphs: for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var stop = false
            wrapParagraph(paragraph, width: width) { line in
                if lines.count == maxLines {
                    truncated = true
                    stop = true
                    return false
                }
                lines.append(line)
                return true
            }
            if stop { break paragraphs }
        }
        return Wrapped(lines: lines, truncated: truncated)
    }

    /// Parts joined by `separator` into lines of at most `width` columns, breaking only between
    /// parts (a part wider than a line is wrapped by its words).
    package static func join(_ parts: [String], separator: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for part in parts {
            let joined = current.isEmpty ? part : current + separator + part
            if DisplayWidth.of(joined) <= width {
                current = joined
                continue
            }
            if !current.isEmpty { lines.append(current) }
            current = ""
            let pieces = Self.lines(part, width: width).lines
            lines += pieces.dropLast()
            current = pieces.last ?? ""
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Cuts one line to `width` columns, ending it with `…` if anything was cut.
    package static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        return withEllipsis(text, width: width, ellipsis: ellipsis)
    }

    /// `line` cut so that `suffix` fits after it within `width` columns (trailing blanks dropped).
    package static func withEllipsis(_ line: String, width: Int, ellipsis: String) -> String {
        let room = width - DisplayWidth.of(ellipsis)
        guard room >= 0 else { return String(ellipsis.prefix(width)) }
        return prefix(line, width: room) + ellipsis
    }

    /// The longest start of `line` that fits in `width` columns, without trailing blanks.
    package static func prefix(_ line: String, width: Int) -> String {
        var result = ""
        var used = 0
        for character in line {
            let columns = DisplayWidth.of(character)
            if used + columns > width { break }
            result.append(character)
            used += columns
        }
        while result.last == " " { result.removeLast() }
        return result
    }

    /// Wraps one paragraph, handing each line to `emit` until it returns false.
    private static func wrapParagraph(_ paragraph: Substring, width: Int, emit: (String) -> Bool) {
        let body = paragraph.drop { $0 == " " }
        let indentation = paragraph.count - body.count
        // An indentation of more than half the line would leave no room: it is shortened to half.
        let indent = indentation <= width / 2 ? indentation : width / 2
        let margin = String(repeating: " ", count: indent)
        var current = margin
        var currentWidth = indent
        var hasWord = false
        var pendingSpaces = 0
        func newLine() -> Bool {
            guard emit(current) else { return false }
            current = margin
            currentWidth = indent
            hasWord = false
            return true
        }
        var rest = body[...]
        while !rest.isEmpty {
            let spaces = rest.prefix { $0 == " " }
            if !spaces.isEmpty {
                pendingSpaces += spaces.count
                rest = rest.dropFirst(spaces.count)
                continue
            }
            let word = rest.prefix { $0 != " " }
            rest = rest.dropFirst(word.count)
            let wordWidth = DisplayWidth.of(word)
            if hasWord, currentWidth + pendingSpaces + wordWidth <= width {
                // `append(contentsOf:)` of a Substring is String's own; `+=` of one is the generic
                // Sequence append, whose first call costs the runtime a conformance search at start.
                current.append(contentsOf: String(repeating: " ", count: pendingSpaces))
                current.append(contentsOf: word)
                currentWidth += pendingSpaces + wordWidth
                pendingSpaces = 0
                continue
            }
            pendingSpaces = 0
            if hasWord, !newLine() { return }
            if currentWidth + wordWidth <= width {
                current.append(contentsOf: word)
                currentWidth += wordWidth
                hasWord = true
                continue
            }
            for character in word {
                let columns = DisplayWidth.of(character)
                if hasWord, currentWidth + columns > width, !newLine() { return }
                current.append(character)
                currentWidth += columns
                hasWord = true
            }
        }
        _ = emit(hasWord ? current : "")
    }
}
