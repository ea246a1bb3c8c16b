/// Removes from untrusted deck text everything that could reach a terminal as a control sequence (docs/RELIABILITY.md).
///
/// Removed: C0 controls (U+0000–U+001F) except tab and line breaks, DEL (U+007F), C1 controls (U+0080–U+009F),
/// bidirectional overrides (U+202A–U+202E) and isolates (U+2066–U+2069). A tab becomes `tabWidth` spaces.
/// Line breaks (LF, CR LF, lone CR) become one LF where they are allowed (caption, art), else one space.
public enum TextSanitizer {
    /// How many spaces a tab becomes (a fixed count, not tab stops).
    public static let tabWidth = 4

    /// Returns `text` without control characters and bidirectional controls.
    /// - Parameter text: untrusted text from a deck.
    /// - Parameter keepingLineBreaks: true for fields that may hold line breaks (caption, art).
    /// - Returns: the sanitised text; the same string when there was nothing to remove.
    public static func sanitize(_ text: String, keepingLineBreaks: Bool) -> String {
        guard needsWork(text) else { return text }
        var output = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x0A, afterCarriageReturn {
                afterCarriageReturn = false
                continue
            }
            afterCarriageReturn = value == 0x0D
            if value == 0x0A || value == 0x0D {
                output.append(keepingLineBreaks ? "\n" : " ")
            } else if value == 0x09 {
                for _ in 0..<tabWidth { output.append(" ") }
            } else if !isRemoved(value) {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// Returns deck text made safe to quote inside a one-line message (`MessageText.clean`).
    /// - Parameter text: untrusted text (a key, a value, an id, a path).
    /// - Parameter limit: the most terminal columns kept before `…`.
    public static func quoted(_ text: String, limit: Int = MessageText.quoteWidth) -> String {
        MessageText.clean(text, width: limit)
    }

    /// Whether a scalar value is removed outright (tab and line breaks are handled separately).
    public static func isRemoved(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// A fast byte scan: false when no byte can start a character that would be removed or changed.
    private static func needsWork(_ text: String) -> Bool {
        for byte in text.utf8 {
            // < 0x20: C0; 0x7F: DEL; 0xC2: lead byte of U+0080–U+00BF (C1); 0xE2: lead byte of U+2000–U+2FFF.
            if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { return true }
        }
        return false
    }
}
