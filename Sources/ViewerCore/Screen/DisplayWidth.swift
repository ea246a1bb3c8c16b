/// Terminal column widths of text, decided here rather than by the C library so that layout is the
/// same on every machine and in every locale: East Asian wide and fullwidth characters and emoji
/// take 2 columns, combining marks and other zero-width characters 0, everything else 1.
package enum DisplayWidth {
    /// The emoji presentation selector: it asks for a colour emoji, and some terminals (not curses,
    /// not tmux) then draw a text-default symbol two columns wide.
    package static let emojiSelector: Unicode.Scalar = "\u{FE0F}"

    /// The cluster as it is drawn: without U+FE0F after a base that is text by default, so that
    /// every terminal draws it in the one column it is counted as.
    package static func drawable(_ character: Character) -> Character {
        let scalars = character.unicodeScalars
        guard scalars.count > 1, let first = scalars.first, !first.properties.isEmojiPresentation,
              scalars.contains(emojiSelector) else { return character }
        var kept = String.UnicodeScalarView()
        for scalar in scalars where scalar != emojiSelector { kept.append(scalar) }
        // Without the selector the scalars could fall apart into clusters: then keep the original.
        let text = String(kept)
        guard text.count == 1, let single = text.first else { return character }
        return single
    }

    /// Columns taken by one grapheme cluster (a Swift `Character`).
    package static func of(_ character: Character) -> Int {
        // Fast path: most cells are ASCII; the Unicode property look-ups below are not free.
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let base = of(first)
        if base == 2 { return 2 }
        // A flag (a pair of regional indicators) is drawn as its two letters.
        if scalars.count > 1, (0x1F1E6...0x1F1FF).contains(first.value) { return 2 }
        // An emoji that is text by default keeps its base's width even with the emoji selector
        // U+FE0F (❤️, 1️⃣): wcwidth, curses and tmux count one column, and `Frame` draws it without
        // the selector so that no terminal widens it over its neighbour.
        if base == 0 {
            // A cluster that starts with a zero-width scalar (a lone combining mark) still occupies
            // no column of its own.
            return 0
        }
        return base
    }

    /// Columns taken by a string, summed over its grapheme clusters.
    package static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// Columns taken by one Unicode scalar on its own.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        // Box drawing, block elements (the bars) and geometric shapes are narrow; skip the look-ups.
        if (0x2500...0x25FC).contains(value) { return 1 }
        if isZeroWidth(scalar) { return 0 }
        if isWide(value) { return 2 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            break
        }
        let value = scalar.value
        return (0x1160...0x11FF).contains(value) // Hangul medial vowels and final consonants
            || value == 0x200B
            || (0xFE00...0xFE0F).contains(value)
            || (0xE0100...0xE01EF).contains(value)
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, condensed: the first and last scalar of each, in
    /// order. A flat array of integers, so that its first use instantiates no generic type at run time.
    private static let wideBounds: [UInt32] = [
        0x1100, 0x115F, 0x231A, 0x231B, 0x2329, 0x232A, 0x23E9, 0x23EC, 0x23F0, 0x23F0, 0x23F3, 0x23F3,
        0x25FD, 0x25FE, 0x2614, 0x2615, 0x2648, 0x2653, 0x267F, 0x267F, 0x2693, 0x2693, 0x26A1, 0x26A1,
        0x26AA, 0x26AB, 0x26BD, 0x26BE, 0x26C4, 0x26C5, 0x26CE, 0x26CE, 0x26D4, 0x26D4, 0x26EA, 0x26EA,
        0x26F2, 0x26F3, 0x26F5, 0x26F5, 0x26FA, 0x26FA, 0x26FD, 0x26FD, 0x2705, 0x2705, 0x270A, 0x270B,
        0x2728, 0x2728, 0x274C, 0x274C, 0x274E, 0x274E, 0x2753, 0x2755, 0x2757, 0x2757, 0x2795, 0x2797,
        0x27B0, 0x27B0, 0x27BF, 0x27BF, 0x2B1B, 0x2B1C, 0x2B50, 0x2B50, 0x2B55, 0x2B55, 0x2E80, 0x303E,
        0x3041, 0x33FF, 0x3400, 0x4DBF, 0x4E00, 0x9FFF, 0xA000, 0xA4CF, 0xA960, 0xA97F, 0xAC00, 0xD7A3,
        0xF900, 0xFAFF, 0xFE10, 0xFE19, 0xFE30, 0xFE6F, 0xFF00, 0xFF60, 0xFFE0, 0xFFE6, 0x16FE0, 0x16FE4,
        0x17000, 0x18CFF, 0x1AFF0, 0x1B2FF, 0x1F004, 0x1F004, 0x1F0CF, 0x1F0CF, 0x1F18E, 0x1F18E, 0x1F191, 0x1F19A,
        0x1F200, 0x1F202, 0x1F210, 0x1F23B, 0x1F240, 0x1F248, 0x1F250, 0x1F251, 0x1F260, 0x1F265, 0x1F300, 0x1F320,
        0x1F32D, 0x1F335, 0x1F337, 0x1F37C, 0x1F37E, 0x1F393, 0x1F3A0, 0x1F3CA, 0x1F3CF, 0x1F3D3, 0x1F3E0, 0x1F3F0,
        0x1F3F4, 0x1F3F4, 0x1F3F8, 0x1F43E, 0x1F440, 0x1F440, 0x1F442, 0x1F4FC, 0x1F4FF, 0x1F53D, 0x1F54B, 0x1F54E,
        0x1F550, 0x1F567, 0x1F57A, 0x1F57A, 0x1F595, 0x1F596, 0x1F5A4, 0x1F5A4, 0x1F5FB, 0x1F64F, 0x1F680, 0x1F6C5,
        0x1F6CC, 0x1F6CC, 0x1F6D0, 0x1F6D2, 0x1F6D5, 0x1F6D7, 0x1F6DC, 0x1F6DF, 0x1F6EB, 0x1F6EC, 0x1F6F4, 0x1F6FC,
        0x1F7E0, 0x1F7EB, 0x1F7F0, 0x1F7F0, 0x1F90C, 0x1F93A, 0x1F93C, 0x1F945, 0x1F947, 0x1F9FF, 0x1FA70, 0x1FAFF,
        0x20000, 0x2FFFD, 0x30000, 0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        var low = 0
        var high = wideBounds.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < wideBounds[2 * middle] {
                high = middle - 1
            } else if value > wideBounds[2 * middle + 1] {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
