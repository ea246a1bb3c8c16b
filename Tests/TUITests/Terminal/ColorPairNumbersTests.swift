import Testing
@testable import TUI

/// The backend's colour-pair numbers (`ColorPairNumbers`): one number a pair of colours, a released number
/// handed out again before a new one, so that curses' pair table stays as small as the screen needs.
@Suite("Terminal: colour pairs, a released number before a new one")
struct ColorPairNumbersTests {
    static func colors(_ foreground: Int32, _ background: Int32) -> ColorPairNumbers.Colors {
        ColorPairNumbers.Colors(foreground: foreground, background: background)
    }

    @Test("the same colours keep their number; new colours get the next one, defined once")
    func numbers() {
        var numbers = ColorPairNumbers(limit: 100)
        let first = numbers.number(for: Self.colors(1, 2))
        #expect(first?.pair == 1 && first?.isNew == true)
        let again = numbers.number(for: Self.colors(1, 2))
        #expect(again?.pair == 1 && again?.isNew == false)
        #expect(numbers.number(for: Self.colors(-1, 2))?.pair == 2)
        #expect(numbers.number(for: Self.colors(2, 1))?.pair == 3)
    }

    @Test("a deck of pictures, each a thousand pairs released after it, never needs more numbers than one picture")
    func reuse() {
        var numbers = ColorPairNumbers(limit: 65_536)
        var highestPair: Int32 = 0
        for picture in 0..<60 {
            var shown: [Int32] = []
            for cell in 0..<1_000 {
                guard let (pair, isNew) = numbers.number(for: Self.colors(Int32(picture), Int32(cell))) else { continue }
                #expect(isNew)
                shown.append(pair)
                highestPair = max(highestPair, pair)
            }
            for pair in shown { numbers.release(pair) }
        }
        // curses' alloc_pair climbed to 60 000 here (Benchmarks/README.md, issue 24's memory).
        #expect(highestPair == 1_000)
        #expect(numbers.highest == 1_000)
    }

    @Test("a released number is handed out again with its new colours; releasing twice or a stranger changes nothing")
    func release() {
        var numbers = ColorPairNumbers(limit: 100)
        _ = numbers.number(for: Self.colors(1, 1))
        let second = numbers.number(for: Self.colors(2, 2))?.pair ?? 0
        #expect(second == 2)
        numbers.release(second)
        numbers.release(second)
        numbers.release(0)
        numbers.release(77)
        let third = numbers.number(for: Self.colors(3, 3))
        #expect(third?.pair == second && third?.isNew == true)
        #expect(numbers.number(for: Self.colors(4, 4))?.pair == 3)
        // The old colours are forgotten: they get a number of their own again.
        #expect(numbers.number(for: Self.colors(2, 2))?.pair == 4)
        #expect(numbers.number(for: Self.colors(3, 3))?.isNew == false)
    }

    @Test("numbers stop below the limit (0 is the default pair): then no pair, the default colours")
    func limit() {
        var numbers = ColorPairNumbers(limit: 4)
        #expect((0..<3).compactMap { numbers.number(for: Self.colors($0, 0))?.pair } == [1, 2, 3])
        #expect(numbers.number(for: Self.colors(9, 9)) == nil)
        numbers.release(2)
        #expect(numbers.number(for: Self.colors(9, 9))?.pair == 2)
        #expect(ColorPairNumbers(limit: 0).highest == 0)
        var none = ColorPairNumbers(limit: 1)
        #expect(none.number(for: Self.colors(1, 1)) == nil)
    }
}
