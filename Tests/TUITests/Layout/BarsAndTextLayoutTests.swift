import Engine
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Layout: bars, captions, themes, ASCII")
struct BarsAndTextLayoutTests {
    typealias F = LayoutFixtures

    static func manyStories(_ count: Int) -> Deck {
        Deck(stories: (1...count).map { Story(id: "s\($0)", title: "Story \($0)") })
    }

    @Test("200 stories on 80 columns: a window of 2-column segments with markers on both sides")
    func manyStoriesWindow() {
        let frame = F.layout().frame(for: F.state(Self.manyStories(200), index: 99, progress: 0.5), width: 80, height: 24)
        let bars = frame.lines[0]
        #expect(bars.hasPrefix(" ‹ "))
        #expect(bars.hasSuffix(" › "))
        let segments = bars.dropFirst(3).dropLast(3).split(separator: " ")
        #expect(segments.count == 25)
        #expect(segments.allSatisfy { $0.count == 2 })
        // The current story (half played) sits in the middle of the window: done before, empty after.
        #expect(segments[12] == "█░")
        #expect(segments[..<12].allSatisfy { $0 == "██" })
        #expect(segments[13...].allSatisfy { $0 == "░░" })
        #expect(frame.lines[1].hasSuffix("100/200 "))
    }

    @Test("at the start of a long deck only the right marker shows")
    func windowAtStart() {
        let bars = F.layout().frame(for: F.state(Self.manyStories(200), index: 0, progress: 0), width: 80, height: 24).lines[0]
        #expect(bars.hasPrefix("   ░░"))
        #expect(bars.hasSuffix(" › "))
    }

    @Test("the current segment fills with eighth blocks")
    func eighthBlocks() {
        let deck = Self.manyStories(1)
        let glyphs = (0...8).map { eighths -> String in
            // One story on a 20-column screen: an 18-column segment, 144 eighths.
            let progress = Double(eighths) / 144 + 1e-9
            return String(F.layout().frame(for: F.state(deck, progress: progress), width: 20, height: 6).lines[0].dropFirst().prefix(2))
        }
        #expect(glyphs == ["░░", "▏░", "▎░", "▍░", "▌░", "▋░", "▊░", "▉░", "█░"])
    }

    @Test("a long caption takes at most a third of the screen and ends with … more (m)")
    func longCaption() throws {
        let caption = (1...200).map { "word\($0)" }.joined(separator: " ")
        let deck = Deck(stories: [Story(id: "x", title: "T", caption: caption, art: "*")])
        let lines = F.text(F.layout().frame(for: F.state(deck), width: 40, height: 12))
        // Art, a blank row and 4 caption lines (a third of 12) fit the 9 rows of the body: one composition.
        let first = try #require(lines.firstIndex { $0.contains("word1 ") })
        #expect(lines[first - 2].hasSuffix("*") && lines[first - 1].isEmpty)
        let captionLines = lines[first..<(first + 4)]
        #expect(captionLines.first == " word1 word2 word3 word4 word5 word6")
        #expect(captionLines.last?.hasSuffix("… more (m)") == true)
        #expect(lines[(first + 4)...].allSatisfy { $0.isEmpty })
        #expect(captionLines.allSatisfy { DisplayWidth.of($0) <= 39 })
        let short = Deck(stories: [Story(id: "x", title: "T", caption: "word1 word2", art: "*")])
        #expect(!F.text(F.layout().frame(for: F.state(short), width: 40, height: 12)).joined().contains("more"))
    }

    @Test("CJK and emoji captions wrap by display width and stay aligned")
    func wideCaption() {
        let deck = Deck(stories: [Story(id: "x", title: "漢字", caption: "日本語のテキストです 🎉🚀 emoji と 한국어 텍스트",
                                        art: "*")])
        let frame = F.layout().frame(for: F.state(deck), width: 20, height: 9)
        let lines = F.text(frame)
        #expect(lines[1] == " 漢字           1/1")
        // The art (row 3), a blank row, then the caption: one composition in rows 3–7.
        #expect(Array(lines[5...7]) == [" 日本語のテキストで", " す 🎉🚀 emoji と", " 한국어 텍스트"])
        // A wide character takes two cells: the second is its continuation.
        #expect(frame[5, 1].text == "日")
        #expect(frame[5, 2].isContinuation)
        for line in lines { #expect(DisplayWidth.of(line) <= 20) }
    }

    @Test("combining marks take no column of their own")
    func combining() {
        let deck = Deck(stories: [Story(id: "x", title: "Cafe\u{301} cre\u{300}me", art: "*")])
        let line = F.layout().frame(for: F.state(deck), width: 30, height: 8).lines[1]
        #expect(line == " Café crème               1/1 ")
    }

    @Test("a light story is black text on bright white; a dark one uses the terminal's own colours")
    func themes() {
        let deck = Deck(stories: [Story(id: "d", title: "Dark", art: "*"), Story(id: "l", title: "Light", art: "*", theme: .light)])
        let dark = F.layout().frame(for: F.state(deck, index: 0), width: 30, height: 8)
        let light = F.layout().frame(for: F.state(deck, index: 1), width: 30, height: 8)
        #expect(dark[4, 4].style.background == .standard)
        #expect(dark[1, 1].style.foreground == .standard)
        #expect(dark[1, 1].style.bold)
        #expect(dark[0, 1].style == .plain, "a bar step needs no colour or attribute codes")
        #expect(light[4, 4].style.background == .indexed(15))
        #expect(light[1, 1].style.foreground == .black)
        #expect(light[1, 1].style.bold)
        let plain = F.layout(color: false).frame(for: F.state(deck, index: 1), width: 30, height: 8)
        #expect(plain[4, 4].style.background == .standard)
        #expect(plain[1, 1].style.bold, "without colour, attributes still mark the title")
    }

    @Test("ASCII mode draws bars with # and -, and nothing outside ASCII")
    func asciiMode() {
        let deck = Deck(stories: [
            Story(id: "a", title: "Café ☕", caption: "日本語 and “quotes” →", art: "*"), Story(id: "b", title: "B"),
        ])
        var state = F.state(deck, progress: 0.5)
        state.paused = true
        let frame = F.layout(ascii: true, language: .spanish).frame(for: state, width: 30, height: 8)
        let lines = F.text(frame)
        // 27 columns: 13 and 14; half of 13 is 6 full cells and a half one (`=`).
        #expect(lines[0] == " ######=------ --------------")
        #expect(lines.allSatisfy { $0.allSatisfy(\.isASCII) })
        #expect(lines[1].hasPrefix(" Cafe ~~ "), "letters lose their accents, a symbol ASCII cannot spell is a placeholder")
        #expect(lines.contains { $0.contains("~~~~~~ and \"quotes\" ->") }, "CJK keeps its columns; quotes and arrows are spelled")
        #expect(lines[1].hasSuffix("En pausa  1/2"))
        let window = F.text(F.layout(ascii: true).frame(for: F.state(Self.manyStories(100), index: 50), width: 40, height: 8))
        #expect(window[0].hasPrefix(" < ") && window[0].hasSuffix(" >"))
    }

    @Test("the help overlay and the story list are drawn over the story")
    func overlays() {
        var state = F.state()
        state.overlay = .help(scroll: 0)
        let help = F.text(F.layout().frame(for: state, width: 80, height: 24)).joined(separator: "\n")
        #expect(help.contains("Keys"))
        #expect(help.contains("next story"))
        state.overlay = .storyList(selection: 2)
        let list = F.layout().frame(for: state, width: 80, height: 24)
        let text = F.text(list)
        #expect(text.contains { $0.contains("▶   1. Dawn") })
        let row = try! #require(text.firstIndex { $0.contains("3. Dusk") })
        let column = text[row].firstIndex(of: "3").map { text[row].distance(from: text[row].startIndex, to: $0) } ?? 0
        #expect(list[row, column].style.reverse, "the selection is highlighted")
    }
}

@Suite("Layout: flags")
struct FlagLayoutTests {
    @Test("a flag keeps its two columns as its two letters, since curses cannot draw the pair in one cell")
    func flags() {
        var frame = Frame(width: 10, height: 1)
        let end = frame.put("a🇪🇸b🇯🇵", row: 0, column: 0)
        #expect(frame.lines == ["aESbJP    "])
        #expect(end == 6)
        #expect(Frame.flagLetters("🇪") == nil)
        #expect(Frame.flagLetters("E") == nil)
    }
}
