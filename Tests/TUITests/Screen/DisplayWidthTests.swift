import Testing
@testable import TUI
@testable import ViewerCore

/// The East Asian wide table: both ends of a range are wide, the scalars just outside are not.
@Suite("Screen: wide characters by table")
struct DisplayWidthTests {
    @Test("range ends are wide, their neighbours narrow", arguments: [
        (0x1100, 0x115F), (0x231A, 0x231B), (0x2E80, 0x303E), (0xA960, 0xA97F), (0xAC00, 0xD7A3),
        (0xFF00, 0xFF60), (0x1F300, 0x1F320), (0x1FA70, 0x1FAFF), (0x30000, 0x3FFFD),
    ] as [(UInt32, UInt32)])
    func rangeEnds(first: UInt32, last: UInt32) throws {
        for value in [first, last] {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(DisplayWidth.of(scalar) == 2, "U+\(String(value, radix: 16))")
        }
        for value in [first - 1, last + 1] {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(DisplayWidth.of(scalar) != 2, "U+\(String(value, radix: 16))")
        }
    }

    @Test("common text: Latin, Cyrillic, CJK, Hangul, kana, fullwidth forms, emoji")
    func common() {
        #expect(DisplayWidth.of("añoЖ") == 4)
        #expect(DisplayWidth.of("漢字한글カナ") == 12)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("⌚ ★") == 4, "U+231A is wide; U+2605 is not")
    }
}
