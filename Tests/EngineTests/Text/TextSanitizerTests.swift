import Testing
@testable import Engine

@Suite("Text sanitiser")
struct TextSanitizerTests {
    private func line(_ text: String) -> String { TextSanitizer.sanitize(text, keepingLineBreaks: false) }
    private func block(_ text: String) -> String { TextSanitizer.sanitize(text, keepingLineBreaks: true) }

    @Test(arguments: [
        ("\u{1B}c", "c"),                                   // RIS: reset the terminal
        ("\u{1B}]0;pwned\u{07}", "]0;pwned"),               // OSC 0 window title, BEL-terminated
        ("\u{1B}]2;pwned\u{1B}\\", "]2;pwned\\"),           // OSC 2, ST-terminated
        ("\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\", "]8;;http://evil\\link]8;;\\"),  // OSC 8 hyperlink
        ("\u{1B}]52;c;cm0gLXJmIH4=\u{07}", "]52;c;cm0gLXJmIH4="),  // OSC 52 clipboard write
        ("\u{1B}P1$qm\u{1B}\\", "P1$qm\\"),                 // DCS
        ("\u{1B}_payload\u{1B}\\", "_payload\\"),           // APC
        ("\u{1B}[6n", "[6n"),                               // CSI 6n: cursor position report
        ("a\u{9B}6nb", "a6nb"),                             // 8-bit CSI (C1)
        ("\u{90}\u{9D}\u{9F}\u{80}", ""),                   // other C1 controls
        ("bell\u{07}", "bell"),
        ("back\u{08}\u{08}x", "backx"),
        ("nul\u{00}byte", "nulbyte"),
        ("del\u{7F}", "del"),
        ("\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}abc", "abc"),  // bidi embeddings and overrides
        ("\u{2066}\u{2067}\u{2068}\u{2069}abc", "abc"),     // bidi isolates
        ("a\tb", "a    b"),
    ])
    func removesControls(input: String, expected: String) {
        #expect(line(input) == expected)
        #expect(block(input) == expected)
    }

    @Test func lineBreaks() {
        #expect(block("a\r\nb\rc\nd\n\ne") == "a\nb\nc\nd\n\ne")
        #expect(line("a\r\nb\rc\nd") == "a b c d")
        #expect(block("\r\r\n") == "\n\n")
    }

    @Test func keepsLegitimateText() {
        let samples = [
            "👩‍👩‍👧‍👦 family", "🏳️‍🌈", "e\u{301}", "Z\u{351}\u{36B}a\u{300}", "日本語のテキスト", "한국어", "مرحبا بالعالم",
            "\u{200D}\u{200C}", "café 🙂 ¡hola! ½ ©", "  leading and trailing  ",
        ]
        for sample in samples {
            #expect(line(sample) == sample)
            #expect(block(sample) == sample)
        }
    }

    @Test func quotedIsOneSafeShortLine() {
        #expect(TextSanitizer.quoted("short") == "short")
        #expect(TextSanitizer.quoted(String(repeating: "é", count: 40)) == String(repeating: "é", count: 40))
        #expect(TextSanitizer.quoted(String(repeating: "é", count: 41)) == String(repeating: "é", count: 40) + "…")
        #expect(TextSanitizer.quoted("a\nb\u{1B}[2J") == "a b[2J")
        let huge = String(repeating: "\u{1B}", count: 1_000_000) + "x"
        #expect(TextSanitizer.quoted(huge) == "…")
    }
}
