import Engine
/// Text for a terminal that can only show ASCII (`--ascii`, or a locale without UTF-8): every
/// character becomes its nearest ASCII spelling, so that `→` reads `->` (not `?`, which is the
/// help key) and `Café` reads `Cafe`. What has no spelling (CJK, most emoji) becomes
/// `placeholder` once per column it took, so that art keeps its shape.
package enum ASCIIText {
    /// Stands for a character ASCII cannot spell; visible, and not `?`.
    package static let placeholder: Character = "~"

    /// `text` spelled in ASCII.
    package static func transliterate(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text { result += spelling(of: character) }
        return result
    }

    /// One character spelled in ASCII: itself, its letter without marks, a look-alike, or placeholders.
    package static func spelling(of character: Character) -> String {
        if character.isASCII { return String(character) }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return "" }
        // A base letter with combining marks (e + U+0301): the base.
        if first.isASCII { return String(first) }
        if let known = lookAlikes[first.value] { return known }
        if (0xFF01...0xFF5E).contains(first.value), let narrow = Unicode.Scalar(first.value - 0xFEE0) {
            return String(narrow)
        }
        if let spelled = spellingFromName(first) { return spelled }
        let width = DisplayWidth.of(character)
        return String(repeating: placeholder, count: width)
    }

    /// Letters by their Unicode name: `LATIN SMALL LETTER E WITH ACUTE` is `e`, `LATIN CAPITAL
    /// LETTER AE` is `AE`, `LATIN SMALL LIGATURE FI` is `fi`; box-drawing lines by their direction.
    private static func spellingFromName(_ scalar: Unicode.Scalar) -> String? {
        guard let name = scalar.properties.name else { return nil }
        let words = name.split(separator: " ")
        if words.first == "BOX", words.dropFirst().first == "DRAWINGS" { return boxSpelling(name) }
        guard words.count >= 4, words[0] == "LATIN" else { return nil }
        let small = words[1] == "SMALL"
        guard small || words[1] == "CAPITAL" else { return nil }
        if words[2] == "LIGATURE" {
            let letters = String(words[3])
            return small ? letters.lowercased() : letters
        }
        guard words[2] == "LETTER" else { return nil }
        var index = 3
        // Shapes of a letter that still read as the letter: dotless i, long s, turned e…
        let shapes: Set<Substring> = ["DOTLESS", "LONG", "TURNED", "REVERSED", "SCRIPT", "CLOSED"]
        while index < words.count - 1, shapes.contains(words[index]) {
            index += 1
        }
        let word = String(words[index])
        let spelled: String
        switch word {
        case "SHARP": spelled = "SS"
        case "ETH": spelled = "D"
        case "THORN": spelled = "TH"
        case "ENG": spelled = "NG"
        case "SCHWA": spelled = "E"
        case "KRA": spelled = "K"
        default:
            guard word.count <= 2, word.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
            spelled = word
        }
        if small { return spelled.lowercased() }
        // A capital digraph reads as a word: Æ is "AE", Þ is "Th".
        guard spelled.count > 1, word.count > 2 else { return spelled }
        return String(spelled.prefix(1)) + spelled.dropFirst().lowercased()
    }

    /// A box-drawing character by the direction of its lines.
    private static func boxSpelling(_ name: String) -> String {
        let horizontal = name.includes("HORIZONTAL"), vertical = name.includes("VERTICAL")
        if name.includes("DIAGONAL CROSS") { return "X" }
        if name.includes("UPPER RIGHT TO LOWER LEFT") { return "/" }
        if name.includes("UPPER LEFT TO LOWER RIGHT") { return "\\" }
        if horizontal && !vertical { return "-" }
        if vertical && !horizontal { return "|" }
        return "+"
    }

    /// Symbols with a conventional ASCII spelling (arrows, quotes, dashes, blocks, a few emoji).
    private static let lookAlikes: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        let pairs: [(String, String)] = [
            ("→", "->"), ("←", "<-"), ("↑", "^"), ("↓", "v"), ("↔", "<->"), ("⇒", "=>"), ("⇐", "<="),
            ("➜", "->"), ("➔", "->"), ("➡", "->"), ("⬅", "<-"), ("⬆", "^"), ("⬇", "v"),
            ("…", "..."), ("“", "\""), ("”", "\""), ("„", "\""), ("‘", "'"), ("’", "'"), ("‚", ","),
            ("«", "<<"), ("»", ">>"), ("‹", "<"), ("›", ">"), ("–", "-"), ("—", "--"), ("‐", "-"),
            ("‑", "-"), ("‒", "-"), ("−", "-"), ("•", "*"), ("·", "."), ("◦", "o"), ("×", "x"), ("÷", "/"),
            ("±", "+/-"), ("≤", "<="), ("≥", ">="), ("≠", "!="), ("≈", "~="), ("°", "deg"),
            ("©", "(c)"), ("®", "(R)"), ("™", "(TM)"), ("€", "EUR"), ("£", "GBP"), ("¥", "JPY"),
            ("¢", "c"), ("§", "S"), ("¶", "P"), ("¿", "?"), ("¡", "!"), ("½", "1/2"), ("¼", "1/4"),
            ("¾", "3/4"), ("¹", "1"), ("²", "2"), ("³", "3"), ("ª", "a"), ("º", "o"), ("µ", "u"),
            ("█", "#"), ("▓", "#"), ("▒", ":"), ("░", "."), ("▀", "#"), ("▄", "#"), ("▌", "#"), ("▐", "#"),
            ("●", "o"), ("○", "o"), ("■", "#"), ("□", "#"), ("▪", "*"), ("▫", "*"), ("▲", "^"), ("△", "^"),
            ("▼", "v"), ("▽", "v"), ("▶", ">"), ("►", ">"), ("◀", "<"), ("◄", "<"), ("◆", "*"), ("◇", "*"),
            ("★", "*"), ("☆", "*"), ("✓", "v"), ("✔", "v"), ("✗", "x"), ("✘", "x"), ("♥", "<3"), ("❤", "<3"),
            ("♪", "~"), ("♫", "~"), ("☺", ":)"), ("☹", ":("), ("🙂", ":)"), ("😊", ":)"), ("🙁", ":("),
            ("😀", ":D"), ("😃", ":D"), ("😄", ":D"), ("😉", ";)"), ("👍", "+1"), ("⏎", "Enter"),
            ("\u{A0}", " "), ("\u{2002}", " "), ("\u{2003}", " "), ("\u{2009}", " "), ("\u{202F}", " "),
            ("\u{3000}", "  "),
        ]
        for (symbol, spelling) in pairs {
            if let scalar = symbol.unicodeScalars.first { table[scalar.value] = spelling }
        }
        // The eighth blocks of the bars: a left part of a cell is a bar that has not reached it.
        for value: UInt32 in 0x2589...0x258F { table[value] = "#" }
        return table
    }()
}
