import CImages
import Testing
@testable import TUI
@testable import ViewerCore

/// Transparent pixels over a background the program does not know (tmux does not answer OSC 11):
/// a clear half is left blank, never painted in the terminal's default foreground (review finding 1),
/// and a faint picture is still drawn (finding 13).
@Suite struct PictureFringeTests {
    typealias Pixels = ImageFixtures.Pixels

    /// No cell paints a symbol in the default foreground over a colour: that is the text colour's
    /// fringe around a transparent picture.
    static func fringes(_ cells: ImageCells) -> [ImageCell] {
        cells.cells.filter { $0.character != " " && $0.foreground == .standard && $0.background != .standard }
    }

    @Test("A half block whose symbol half is transparent becomes the other half block in the other colour")
    func transparentSymbolHalf() {
        let raw = RawImageGrid(columns: 4, rows: 1, cells: [
            cimg_cell(codepoint: 0x2580, foreground: -1, background: 0xFF0000),
            cimg_cell(codepoint: 0x2584, foreground: -1, background: 0x00FF00),
            cimg_cell(codepoint: 0x258C, foreground: -1, background: 0x0000FF),
            cimg_cell(codepoint: 0x2580, foreground: -1, background: -1),
        ])
        let cells = raw.imageCells(mode: .truecolor)
        #expect(cells.cells == [
            ImageCell(character: "▄", foreground: .rgb(255, 0, 0), background: .standard),
            ImageCell(character: "▀", foreground: .rgb(0, 255, 0), background: .standard),
            ImageCell(character: "▐", foreground: .rgb(0, 0, 255), background: .standard),
            ImageCell(character: " ", foreground: .standard, background: .standard),
        ])
        // Shapes keep their symbol, in the default colours.
        #expect(raw.imageCells(mode: .shapes).cells.map(\.character) == ["▀", "▄", "▌", "▀"])
    }

    @Test("A sticker's clear pixels leave no fringe in the default foreground, in every colour mode",
          arguments: [ImageColorMode.truecolor, .indexed240, .indexed16, .indexed8])
    func noFringe(mode: ImageColorMode) throws {
        // A disc on clear pixels, and rays one pixel wide: edges fall in every half of a cell.
        let sticker = Pixels(width: 64, height: 64) { x, y in
            let dx = x - 32, dy = y - 32
            if dx * dx + dy * dy < 200 || x == 32 || y == 32 || x == y { return (250, 200, 30, 255) }
            return (0, 0, 0, 0)
        }
        let cells = try #require(ImageConversionTests.cells(ImageConversionTests.render(
            ImageFixtures.png(sticker), columns: 32, rows: 16, mode: mode, backdrop: .unknown())))
        #expect(Self.fringes(cells).isEmpty, "fringes: \(Self.fringes(cells).prefix(4))")
        #expect(cells.cells.contains { $0.character != " " }, "the sticker is drawn")
    }
}
