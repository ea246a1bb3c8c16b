import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Text that is odd but legal still renders (issue 6): ZWJ emoji, combining marks, CJK, a 10 000-character word,
/// 5 000 caption lines, a title of only spaces, at every size from 0×0 up, through the pure layout.
@Suite("Layout: odd but legal text")
struct OddTextLayoutTests {
    static let family = "👩\u{200D}👩\u{200D}👧"
    static let longWord = String(repeating: "x", count: 10_000)
    static let manyLines = (1...5_000).map { "line \($0)" }.joined(separator: "\n")

    static func deck(_ stories: String) throws -> Deck {
        try DeckLoader.decode(Array(stories.utf8), baseDirectory: nil).get()
    }

    static func frame(_ deck: Deck, index: Int = 0, width: Int = 40, height: Int = 12, ascii: Bool = false) -> Frame {
        let state = ViewState(deck: deck, currentIndex: index, progress: 0.5)
        return ScreenLayout(options: LayoutOptions(ascii: ascii)).frame(for: state, width: width, height: height)
    }

    /// Every row takes exactly the frame's width: wide characters keep their continuation cell, nothing overflows.
    static func expectRowsFit(_ frame: Frame, sourceLocation: SourceLocation = #_sourceLocation) {
        for (row, line) in frame.lines.enumerated() {
            #expect(DisplayWidth.of(line) == frame.width, "row \(row): \(line.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    @Test func zwjEmojiAndCombiningMarksStayWhole() throws {
        let deck = try Self.deck(#"[{"title": "\#(Self.family) fam", "caption": "cafe\u0301 \#(Self.family) done"}]"#)
        let frame = Self.frame(deck)
        Self.expectRowsFit(frame)
        let cells = (0..<frame.height).flatMap { row in (0..<frame.width).map { frame[row, $0].text } }
        #expect(cells.filter { $0 == Self.family }.count == 2, "the family is one cell, in the title and the caption")
        #expect(cells.contains("e\u{301}"), "the combining accent stays on its letter")
        #expect(frame.lines.contains { $0.contains("\(Self.family) fam") }, "a text story's title is in the middle")
    }

    @Test func cjkWrapsByDisplayWidth() throws {
        let text = String(repeating: "日本語のテキスト", count: 20)
        let deck = try Self.deck(#"[{"title": "\#(text)", "caption": "\#(text)"}]"#)
        for width in [20, 21, 39, 40] {
            let frame = Self.frame(deck, width: width)
            Self.expectRowsFit(frame)
            #expect(frame.lines.dropFirst(2).first { $0.contains("日本") } != nil, "the title, in the middle")
            // The caption fills the rest of the middle and ends with an ellipsis and the key for more.
            let captionRows = frame.lines.filter { $0.contains("テ") || $0.contains("キ") }.count
            #expect(captionRows >= 3)
            #expect(frame.lines.contains { $0.contains("… more (m)") })
        }
    }

    @Test func tenThousandCharacterWordIsBrokenAndCut() throws {
        let deck = try Self.deck(#"[{"title": "\#(Self.longWord)", "caption": "\#(Self.longWord)", "art": "\#(Self.longWord)"}]"#)
        var frame = Frame(width: 0, height: 0)
        let elapsed = ThreadTime.measure { frame = Self.frame(deck, width: 80, height: 24) }
        #expect(elapsed < .seconds(1))
        Self.expectRowsFit(frame)
        #expect(frame.lines[1].contains("x…"))
        // Caption: at most a third of the screen (8 rows), the last line cut with the key for more;
        // with the art's one row and a blank row, one composition in the middle.
        let caption = frame.lines.filter { $0.contains("xxxxxxxxxx") }.dropFirst(2)
        #expect(caption.count == 8)
        #expect(caption.last?.trimmingCharacters(in: .whitespaces).hasSuffix("x… more (m)") == true)
    }

    @Test func fiveThousandCaptionLinesAreCutToAThird() throws {
        let caption = Self.manyLines.replacingOccurrences(of: "\n", with: "\\n")
        let deck = try Self.deck(#"[{"title": "Many", "caption": "\#(caption)", "art": "\#(caption)"}]"#)
        var frame = Frame(width: 0, height: 0)
        let elapsed = ThreadTime.measure { frame = Self.frame(deck, width: 80, height: 30) }
        #expect(elapsed < .seconds(1))
        Self.expectRowsFit(frame)
        let lines = frame.lines
        #expect(lines.contains { $0.contains("line 1 ") || $0.hasSuffix("line 1") || $0.contains(" line 1 ") })
        #expect(lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.contains("… more (m)") == true)
        #expect(!lines.contains { $0.contains("line 5000") })
    }

    /// A title of only spaces shows nothing (issue 15): it is left out, like an absent title.
    @Test func titleOfOnlySpacesIsLeftOut() throws {
        #expect(throws: DeckLoadError.self) { try Self.deck(#"[{"title": "     "}, {"title": " "}]"#) }
        let deck = try Self.deck(#"[{"title": "     ", "art": "x"}, {"title": " ", "art": "y"}]"#)
        #expect(deck.stories.map(\.title) == [nil, nil])
        let frame = Self.frame(deck)
        Self.expectRowsFit(frame)
        #expect(frame.lines[1].trimmingCharacters(in: .whitespaces) == "1/2")
    }

    @Test func everySizeFromZeroUpDrawsWithinTheFrame() throws {
        let odd = try Self.deck("""
        { "groups": [ { "title": "日本 \(Self.family)", "stories": [
          { "title": "\(Self.family) e\\u0301 日本語", "caption": "\(Self.longWord) 日本語 \(Self.family)", "art": "\(Self.family)\\n日本\\n\(Self.longWord)" },
          { "title": "  ", "image": "i.png", "alt": "\(Self.longWord)" } ] } ] }
        """)
        for ascii in [false, true] {
            for width in 0...45 {
                for height in [0, 1, 2, 5, 6, 7, 12] {
                    for index in 0..<2 {
                        let frame = Self.frame(odd, index: index, width: width, height: height, ascii: ascii)
                        #expect(frame.width == width && frame.height == height)
                        Self.expectRowsFit(frame)
                        if ascii {
                            #expect(frame.lines.joined().unicodeScalars.allSatisfy { $0.isASCII })
                        }
                    }
                }
            }
            let huge = Self.frame(odd, width: 500, height: 200, ascii: ascii)
            Self.expectRowsFit(huge)
            #expect(huge.lines[1].contains(ascii ? "~~ e ~~~~~~" : Self.family))
        }
    }
}
