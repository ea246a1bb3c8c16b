/// Word-wraps text by display width (SPEC 3): words move whole to the next line, a word wider than
/// the line is broken between characters, explicit line breaks are kept, and text that needs more
/// lines than allowed ends with `…` on the last one.
enum TextWrapper {
    /// Lines of at most `width` columns, at most `maxLines` of them.
    static func wrap(_ text: String, width: Int, maxLines: Int = .max, ellipsis: String = "…") -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var truncated = false
        paragraphs: for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            for line in wrapParagraph(paragraph, width: width) {
                if lines.count == maxLines {
                    truncated = true
                    break paragraphs
                }
                lines.append(line)
            }
        }
        if truncated, let last = lines.popLast() {
            lines.append(withEllipsis(last, width: width, ellipsis: ellipsis))
        }
        return lines
    }

    /// Cuts one line to `width` columns, ending it with `…` if anything was cut.
    static func truncate(_ text: String, width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        return withEllipsis(text, width: width, ellipsis: ellipsis)
    }

    private static func withEllipsis(_ line: String, width: Int, ellipsis: String) -> String {
        let room = width - DisplayWidth.of(ellipsis)
        guard room >= 0 else { return String(ellipsis.prefix(width)) }
        var result = ""
        var used = 0
        for character in line {
            let columns = DisplayWidth.of(character)
            if used + columns > room { break }
            result.append(character)
            used += columns
        }
        while result.last == " " { result.removeLast() }
        return result + ellipsis
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = DisplayWidth.of(word)
            if currentWidth > 0 && currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if currentWidth > 0 {
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            if wordWidth <= width {
                current = String(word)
                currentWidth = wordWidth
                continue
            }
            for character in word {
                let columns = DisplayWidth.of(character)
                if currentWidth + columns > width && currentWidth > 0 {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(character)
                currentWidth += columns
            }
        }
        lines.append(current)
        return lines
    }
}
