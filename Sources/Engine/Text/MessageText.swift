/// Text from a deck or from the command line, made fit to quote in a one-line message: the one sanitiser for both
/// (docs/RELIABILITY.md, RELIABILITY.md: arguments are cleaned like deck text).
///
/// Cleaning removes what `TextSanitizer` removes (C0 and C1 controls, DEL, bidirectional overrides and isolates),
/// turns line breaks into spaces, and cuts the text to a number of terminal columns followed by `…`. Only a bounded
/// prefix of the text is ever looked at, so quoting a 16 MiB string costs no more than quoting a short one.
public enum MessageText {
    /// How many columns of deck text or of an argument a message quotes.
    public static let quoteWidth = 40
    /// How many columns of a file path a message quotes.
    public static let pathWidth = 120

    /// `text` cleaned and cut to at most `width` columns, then `…` when anything was cut.
    /// - Parameters:
    ///   - text: untrusted text (a key, a value, an id, an argument, a path).
    ///   - width: the most terminal columns kept (a wide character counts 2).
    public static func clean(_ text: String, width: Int = quoteWidth) -> String {
        let scalars = text.unicodeScalars
        let window = max(0, width) * 4 + 16
        var end = scalars.startIndex
        var taken = 0
        while end != scalars.endIndex, taken < window {
            scalars.formIndex(after: &end)
            taken += 1
        }
        var cut = end != scalars.endIndex
        let clean = TextSanitizer.sanitize(String(scalars[scalars.startIndex..<end]), keepingLineBreaks: false)
        var kept = ""
        var used = 0
        for character in clean {
            let columns = columns(of: character)
            if used + columns > width {
                cut = true
                break
            }
            kept.append(character)
            used += columns
        }
        return cut ? kept + "…" : kept
    }

    /// `text` cleaned, cut and put in single quotes, the one way messages quote a name or a value: `'title'`.
    public static func quoted(_ text: String, width: Int = quoteWidth) -> String {
        "'" + clean(text, width: width) + "'"
    }

    /// Terminal columns a character takes, near enough to cut a message: 2 for East Asian wide and fullwidth
    /// characters and emoji, 0 for combining marks and other zero-width characters, else 1.
    static func columns(of character: Character) -> Int {
        if character.isASCII { return 1 }
        guard let first = character.unicodeScalars.first else { return 0 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if first.properties.isEmojiPresentation { return 2 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }), first.properties.isEmoji { return 2 }
        return wideBlocks.contains { $0.contains(first.value) } ? 2 : 1
    }

    /// The large blocks of East Asian wide and fullwidth characters (Hangul Jamo, CJK, kana, Hangul syllables,
    /// compatibility forms, fullwidth forms, the supplementary ideographic planes).
    private static let wideBlocks: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x4DBF, 0x4E00...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
        0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD,
    ]
}
