import Testing
@testable import ViewerCore

/// A picture's cells go into the frame without `Frame.put`'s width and flag analysis when they are the helper's
/// narrow symbols, and the diff compares cells by their bytes (docs/IMAGES.md, "Cells that did not change").
@Suite struct PictureSymbolTests {
    @Test("the helper's symbols take the short way; anything else the full one")
    func narrowSymbols() {
        for symbol: Character in ["▀", "▄", "▌", "▐", "█", " ", "X", "~", "░"] {
            #expect(ScreenLayout.isNarrowSymbol(symbol), "\(symbol)")
        }
        for other: Character in ["漢", "🇪🇸", "e\u{301}", "\u{7}", "\u{7F}", "─"] {
            #expect(!ScreenLayout.isNarrowSymbol(other), "\(other.unicodeScalars.map(\.value))")
        }
    }

    @Test("a frame drawn the short way is the frame put draws")
    func sameFrame() {
        var short = Frame(width: 6, height: 1), long = Frame(width: 6, height: 1)
        let style = CellStyle(foreground: .indexed(196), background: .indexed(21))
        for (column, symbol) in ["▀", "▄", "█", " ", "X", "▐"].enumerated() {
            short.set(Cell(text: symbol, style: style), row: 0, column: column)
            long.put(symbol, row: 0, column: column, style: style)
        }
        #expect(short == long)
    }

    @Test("cells are equal by style and bytes: a composed é and a decomposed one are not the same cell")
    func cellsByBytes() {
        #expect(Cell(text: "▀", style: .plain) == Cell(text: "▀", style: .plain))
        #expect(Cell(text: "▀", style: .plain) != Cell(text: "▄", style: .plain))
        #expect(Cell(text: "\u{E9}", style: .plain) != Cell(text: "e\u{301}", style: .plain))
        #expect(Cell(text: "▀", style: .plain) != Cell(text: "▀", style: CellStyle(foreground: .indexed(1))))
    }
}
