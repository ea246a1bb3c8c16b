import Engine
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Text: whitespace kept, ASCII spellings, emoji widths (issue 12)")
struct TextRulesTests {
    @Test("indentation and runs of spaces stay; a wrapped line continues under its own indentation")
    func whitespaceKept() {
        let poem = "Roses are red,\n    violets   are blue,\n\n        and so are you, and so are you."
        #expect(TextWrapper.wrap(poem, width: 30) == [
            "Roses are red,",
            "    violets   are blue,",
            "",
            "        and so are you, and so",
            "        are you.",
        ])
    }

    @Test("the caption on screen keeps what plain mode prints (a tab was four spaces at load)")
    func sameAsPlain() throws {
        let deck = try DeckLoader.decode(Array(#"[{"caption": "a\tb    c\n  d", "art": "*"}]"#.utf8), baseDirectory: nil).get()
        let plain = PlainText.lines(for: deck, messages: Messages(language: .english))
        #expect(plain.contains("a    b    c") && plain.contains("  d"))
        let screen = LayoutFixtures.text(ScreenLayout(options: LayoutOptions())
            .frame(for: ViewState(deck: deck, currentIndex: 0, progress: 0), width: 40, height: 12))
        let first = try #require(screen.firstIndex { $0.hasSuffix("a    b    c") })
        // The caption is one block: the second line starts two columns in from the first.
        let left = screen[first].prefix { $0 == " " }.count
        #expect(screen[first + 1] == String(repeating: " ", count: left) + "  d")
    }

    @Test("an indentation wider than half the line is shortened to half; spaces at a wrap point go")
    func wideIndentation() {
        #expect(TextWrapper.wrap(String(repeating: " ", count: 30) + "x", width: 10) == ["     x"])
        #expect(TextWrapper.wrap("ab    cd", width: 4) == ["ab", "cd"])
    }

    @Test("lines(…) stops at the limit and says the text went on; a cut line ends with the ellipsis")
    func limit() {
        let many = (1...10_000).map { "line \($0)" }.joined(separator: "\n")
        let wrapped = TextWrapper.lines(many, width: 20, maxLines: 3)
        #expect(wrapped == TextWrapper.Wrapped(lines: ["line 1", "line 2", "line 3"], truncated: true))
        #expect(TextWrapper.wrap(many, width: 20, maxLines: 2) == ["line 1", "line 2…"])
        #expect(!TextWrapper.lines("short", width: 20, maxLines: 1).truncated)
    }

    @Test("footer parts wrap between parts, never inside one that fits")
    func joinParts() {
        let parts = ["↑↓ move", "Enter jump", "Esc/Tab close", "q quit"]
        #expect(TextWrapper.join(parts, separator: " · ", width: 36) == ["↑↓ move · Enter jump · Esc/Tab close", "q quit"])
        #expect(TextWrapper.join(parts, separator: " · ", width: 80) == ["↑↓ move · Enter jump · Esc/Tab close · q quit"])
        #expect(TextWrapper.join(["a long part here"], separator: ", ", width: 6) == ["a long", "part", "here"])
    }

    @Test("ASCII spellings: arrows, accents, quotes, dashes, box lines; CJK and emoji keep their columns as ~")
    func transliteration() {
        #expect(ASCIIText.transliterate("Press → next, ← back") == "Press -> next, <- back")
        #expect(ASCIIText.transliterate("Café crème, naïve, Ærø, straße, Łódź, Ðe") == "Cafe creme, naive, AEro, strasse, Lodz, De")
        #expect(ASCIIText.transliterate("e\u{301}") == "e", "a base letter with a combining mark")
        #expect(ASCIIText.transliterate("“quoted” — ‘a’ … •") == "\"quoted\" -- 'a' ... *")
        #expect(ASCIIText.transliterate("┌─┐│└┘╔═╗") == "+-+|+++-+")
        #expect(ASCIIText.transliterate("日本 🎉 ❤️") == "~~~~ ~~ <3")
        #expect(ASCIIText.transliterate("ＡＢＣ１") == "ABC1", "fullwidth letters")
        #expect(!ASCIIText.transliterate("日本語 → ✓ 🎉 Ωμέγα").contains("?"))
        #expect(ASCIIText.transliterate("Ωμέγα").allSatisfy { $0 == ASCIIText.placeholder })
    }

    @Test("a frame in ASCII mode holds only ASCII: what the layout missed becomes ~, a wide cell ~~")
    func frameNet() {
        var frame = Frame(width: 6, height: 1)
        frame.put("a日é", row: 0, column: 0)
        frame.replaceNonASCII()
        #expect(frame.lines == ["a~~~  "])
    }

    @Test("❤️ and 1️⃣ take the one column curses and tmux give them, and are drawn without U+FE0F")
    func variationSelectors() {
        #expect(DisplayWidth.of(Character("❤️")) == 1)
        #expect(DisplayWidth.of(Character("1️⃣")) == 1)
        #expect(DisplayWidth.of(Character("🎉")) == 2, "emoji shown as emoji by default stay two columns")
        #expect(DisplayWidth.of(Character("👩\u{200D}👩\u{200D}👧")) == 2)
        #expect(DisplayWidth.of(Character("🇪🇸")) == 2)
        var frame = Frame(width: 6, height: 1)
        let end = frame.put("❤️x1️⃣", row: 0, column: 0)
        #expect(end == 3)
        #expect(frame[0, 0].text == "❤" && frame[0, 1].text == "x" && frame[0, 2].text == "1\u{20E3}")
        #expect(DisplayWidth.drawable(Character("🎉")) == "🎉")
    }
}
