import Testing
@testable import TUI

/// The colour bytes of cells written past curses (`CellWriter`): one SGR per change, only what changed,
/// nothing for a colour a cell does not show.
@Suite("Terminal: cells written with the fewest colour bytes")
struct CellWriterTests {
    static let upper = Array("▀".utf8)
    static let lower = Array("▄".utf8)
    static let full = Array("█".utf8)
    static let space = Array(" ".utf8)
    static let red = Array("38;5;196".utf8), redBackground = Array("48;5;196".utf8)
    static let blue = Array("38;5;21".utf8), blueBackground = Array("48;5;21".utf8)
    static let green = Array("38;2;0;200;0".utf8), greenBackground = Array("48;2;0;200;0".utf8)

    /// `ESC [ text m`.
    static func sgr(_ text: String) -> [UInt8] { [0x1B, 0x5B] + Array(text.utf8) + [0x6D] }

    @Test("the first cell resets the attributes and sets both colours in one SGR")
    func firstCell() {
        var writer = CellWriter()
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        #expect(writer.bytes == Self.sgr("0;38;5;196;48;5;21") + Self.upper)
    }

    @Test("cells in the colours already set write their glyphs alone")
    func unchanged() {
        var writer = CellWriter()
        for _ in 0..<3 { writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground) }
        writer.write(glyph: Self.lower, foreground: Self.red, background: Self.blueBackground)
        #expect(writer.bytes == Self.sgr("0;38;5;196;48;5;21") + Self.upper + Self.upper + Self.upper + Self.lower)
    }

    @Test("a change of one colour writes that colour only; of both, both in one SGR")
    func changes() {
        var writer = CellWriter()
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        writer.write(glyph: Self.upper, foreground: Self.green, background: Self.blueBackground)
        writer.write(glyph: Self.upper, foreground: Self.green, background: Self.redBackground)
        writer.write(glyph: Self.upper, foreground: Self.blue, background: Self.blueBackground)
        #expect(writer.bytes == Self.sgr("0;38;5;196;48;5;21") + Self.upper
            + Self.sgr("38;2;0;200;0") + Self.upper
            + Self.sgr("48;5;196") + Self.upper
            + Self.sgr("38;5;21;48;5;21") + Self.upper)
    }

    @Test("a half block whose colours are the terminal's the other way round is written as its mirror, with no SGR")
    func mirrors() {
        var writer = CellWriter()
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        // Blue over red: a lower half in red over blue, the colours already set.
        writer.write(glyph: Self.upper, foreground: Self.blue, background: Self.redBackground)
        writer.write(glyph: Self.lower, foreground: Self.blue, background: Self.redBackground)
        // Blue over green: a lower half in green over blue needs the foreground only.
        writer.write(glyph: Self.upper, foreground: Self.blue, background: Self.greenBackground)
        // A full block in blue, the background blue: a space.
        writer.write(glyph: Self.full, foreground: Self.blue, background: Self.greenBackground)
        #expect(writer.bytes == Self.sgr("0;38;5;196;48;5;21") + Self.upper
            + Self.lower + Self.upper
            + Self.sgr("38;2;0;200;0") + Self.lower
            + Self.space)
    }

    @Test("a colour's parameters for the other plane")
    func planes() {
        #expect(CellWriter.colour(Array("38;5;9".utf8), as: 0x34) == Array("48;5;9".utf8))
        #expect(CellWriter.colour(Array("48:2::1:2:3".utf8), as: 0x33) == Array("38:2::1:2:3".utf8))
        #expect(CellWriter.colour(Array("31".utf8), as: 0x34) == Array("41".utf8))
        #expect(CellWriter.colour(Array("91".utf8), as: 0x34) == Array("101".utf8))
        #expect(CellWriter.colour(Array("101".utf8), as: 0x33) == Array("91".utf8))
        #expect(CellWriter.colour(Array("38;5;9".utf8), as: 0x33) == Array("38;5;9".utf8))
        #expect(CellWriter.colour(Array("7".utf8), as: 0x33) == nil)
    }

    @Test("a space shows only its background and a full block only its foreground: the other colour is not written")
    func unseenColours() {
        var writer = CellWriter()
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        // A full block in red on green: red is set, green is not written.
        writer.write(glyph: Self.full, foreground: Self.red, background: Self.greenBackground)
        // A space on blue, whatever its foreground: blue is set.
        writer.write(glyph: Self.space, foreground: Self.green, background: Self.blueBackground)
        writer.write(glyph: Self.space, foreground: Self.blue, background: Self.greenBackground)
        writer.write(glyph: Self.full, foreground: Self.red, background: Self.redBackground)
        // A half block needs both: the foreground was left red, the background is green.
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.greenBackground)
        #expect(writer.bytes == Self.sgr("0;38;5;196;48;5;21") + Self.upper + Self.full + Self.space
            + Self.sgr("48;2;0;200;0") + Self.space + Self.full + Self.upper)
    }

    @Test("a full block becomes a space (1 byte against 3) when that costs no more colour bytes")
    func fullBlocksAsSpaces() {
        var writer = CellWriter()
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        // Blue, the background already: a space, no SGR.
        writer.write(glyph: Self.full, foreground: Self.blue, background: Self.blueBackground)
        // Green, neither: one SGR either way, the space is shorter.
        writer.write(glyph: Self.full, foreground: Self.green, background: Self.greenBackground)
        #expect(writer.bytes == Self.sgr("0;38;5;196;48;5;21") + Self.upper + Self.space
            + Self.sgr("48;2;0;200;0") + Self.space)
    }

    @Test("moves go between cells and keep the colours")
    func moves() {
        var writer = CellWriter()
        let move = Array("\u{1B}[3;5H".utf8)
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        writer.move(move)
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        #expect(writer.bytes == Self.sgr("0;38;5;196;48;5;21") + Self.upper + move + Self.upper)
    }

    /// xterm's moves: `cup` 1-based, `cuf1` for one column, `cuf` for more; `forward` nil: a terminal without them.
    static func xtermMoves(forward: Bool = true) -> CellWriter.Moves {
        CellWriter.Moves(
            absolute: { row, column in Array("\u{1B}[\(row + 1);\(column + 1)H".utf8) },
            forward: { columns in forward ? Array((columns == 1 ? "\u{1B}[C" : "\u{1B}[\(columns)C").utf8) : nil })
    }

    @Test("the first place is an absolute move; the next cell of the row needs none")
    func placeStartsAbsolute() {
        var writer = CellWriter()
        let first = writer.place(row: 2, column: 4, moves: Self.xtermMoves())
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        let next = writer.place(row: 2, column: 5, moves: Self.xtermMoves())
        #expect(first && next)
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        #expect(writer.bytes == Array("\u{1B}[3;5H".utf8) + Self.sgr("0;38;5;196;48;5;21") + Self.upper + Self.upper)
        #expect(writer.cursor?.row == 2 && writer.cursor?.column == 6)
    }

    @Test("a gap in the row (a transparent part) is passed with the move right, not a cup: ESC[C for one, ESC[nC for more")
    func gapsMoveRight() {
        var writer = CellWriter()
        let moves = Self.xtermMoves()
        _ = writer.place(row: 9, column: 30, moves: moves)
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        _ = writer.place(row: 9, column: 32, moves: moves)
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        _ = writer.place(row: 9, column: 45, moves: moves)
        writer.write(glyph: Self.lower, foreground: Self.red, background: Self.blueBackground)
        #expect(writer.bytes == Array("\u{1B}[10;31H".utf8) + Self.sgr("0;38;5;196;48;5;21") + Self.upper
            + Array("\u{1B}[C".utf8) + Self.upper + Array("\u{1B}[12C".utf8) + Self.lower)
    }

    @Test("another row, a cell to the left, or no move right: the absolute move; after sc/rc the cursor is unknown")
    func placeAbsolute() {
        var writer = CellWriter()
        _ = writer.place(row: 0, column: 10, moves: Self.xtermMoves())
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        _ = writer.place(row: 1, column: 10, moves: Self.xtermMoves())
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        _ = writer.place(row: 1, column: 2, moves: Self.xtermMoves())
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        _ = writer.place(row: 1, column: 5, moves: Self.xtermMoves(forward: false))
        writer.write(glyph: Self.upper, foreground: Self.red, background: Self.blueBackground)
        writer.move(Array("\u{1B}8".utf8))
        _ = writer.place(row: 1, column: 6, moves: Self.xtermMoves())
        #expect(writer.bytes == Array("\u{1B}[1;11H".utf8) + Self.sgr("0;38;5;196;48;5;21") + Self.upper
            + Array("\u{1B}[2;11H".utf8) + Self.upper + Array("\u{1B}[2;3H".utf8) + Self.upper
            + Array("\u{1B}[2;6H".utf8) + Self.upper + Array("\u{1B}8".utf8) + Array("\u{1B}[2;7H".utf8))
    }

    @Test("a move right longer than the absolute one is not taken, and no move at all leaves the cell unplaced")
    func placeShorterOrNone() {
        var writer = CellWriter()
        let long = CellWriter.Moves(absolute: { _, _ in Array("\u{1B}[H".utf8) },
                                    forward: { _ in Array("\u{1B}[1000000C".utf8) })
        _ = writer.place(row: 0, column: 0, moves: long)
        writer.write(glyph: Self.space, foreground: Self.red, background: Self.blueBackground)
        _ = writer.place(row: 0, column: 3, moves: long)
        #expect(writer.bytes == Array("\u{1B}[H".utf8) + Self.sgr("0;48;5;21") + Self.space + Array("\u{1B}[H".utf8))
        var none = CellWriter()
        let placed = none.place(row: 0, column: 0, moves: CellWriter.Moves(absolute: { _, _ in nil }, forward: { _ in nil }))
        #expect(!placed)
        #expect(none.bytes.isEmpty && none.cursor == nil)
    }

    @Test("a row of a picture costs fewer bytes than both colours at every change")
    func fewerThanBothAtEveryChange() {
        // Cells as a photo's row has them: runs of equal colours, one colour changing at a time.
        let foregrounds = [Self.red, Self.red, Self.red, Self.blue, Self.blue, Self.green, Self.green, Self.green]
        let backgrounds = [Self.blueBackground, Self.blueBackground, Self.redBackground, Self.redBackground,
                           Self.redBackground, Self.redBackground, Self.greenBackground, Self.greenBackground]
        var writer = CellWriter()
        var both: [UInt8] = []
        var last: ([UInt8], [UInt8])?
        for (foreground, background) in zip(foregrounds, backgrounds) {
            writer.write(glyph: Self.upper, foreground: foreground, background: background)
            if last?.0 != foreground || last?.1 != background {
                both += Self.sgr(String(decoding: foreground, as: UTF8.self)) + Self.sgr(String(decoding: background, as: UTF8.self))
                last = (foreground, background)
            }
            both += Self.upper
        }
        #expect(writer.bytes.count < both.count)
        // 5 SGRs, each of one colour but the first: both, background, foreground, foreground, background.
        #expect(writer.bytes.filter { $0 == 0x6D }.count == 5)
        // ESC[0;38;5;196;48;5;21m 21, ESC[48;5;196m 11, ESC[38;5;21m 10, ESC[38;2;0;200;0m and
        // ESC[48;2;0;200;0m 15 each, 8 glyphs of 3 bytes.
        #expect(writer.bytes.count == 21 + 11 + 10 + 15 + 15 + 8 * 3)
    }

    @Test("the parameters of setaf/setab sequences, and nothing for other forms")
    func parameters() {
        #expect(CellWriter.parameters(of: Array("\u{1B}[38;5;196m".utf8)) == Array("38;5;196".utf8))
        #expect(CellWriter.parameters(of: Array("\u{1B}[31m".utf8)) == Array("31".utf8))
        #expect(CellWriter.parameters(of: Array("\u{1B}[48;2;1;2;3m".utf8)) == Array("48;2;1;2;3".utf8))
        #expect(CellWriter.parameters(of: Array("\u{1B}[38:2::1:2:3m".utf8)) == Array("38:2::1:2:3".utf8))
        #expect(CellWriter.parameters(of: Array("\u{1B}[m".utf8)) == nil)
        #expect(CellWriter.parameters(of: Array("\u{1B}[;31m".utf8)) == nil)
        #expect(CellWriter.parameters(of: Array("\u{1B}[31;m".utf8)) == nil)
        #expect(CellWriter.parameters(of: Array("\u{1B}[?31m".utf8)) == nil)
        #expect(CellWriter.parameters(of: Array("\u{1B}[31$<2>m".utf8)) == nil)
        #expect(CellWriter.parameters(of: Array("\u{1B}]4;1m".utf8)) == nil)
    }

    @Test("RGB colours in the colon form (a -direct description chosen for COLORTERM) become the shorter semicolon form")
    func semicolonForm() {
        func form(_ text: String) -> String { String(decoding: CellWriter.semicolonForm(of: Array(text.utf8)), as: UTF8.self) }
        #expect(form("38:2::61:46:109") == "38;2;61;46;109")
        #expect(form("48:2::0:0:255") == "48;2;0;0;255")
        #expect(form("38:2:1:61:46:109") == "38;2;61;46;109")
        #expect(form("48:2:7:8:9") == "48;2;7;8;9")
        #expect(form("38:5:196") == "38;5;196")
        // Forms it does not know, and lists already in semicolons, are left alone.
        for kept in ["38;2;1;2;3", "31", "38:2::1:2", "38:2::1::3", "58:2::1:2:3", "38:3:1:2:3:4"] {
            #expect(form(kept) == kept)
        }
        // A row of truecolour cells costs a byte less a colour than the same cells in the colon form.
        var colon = CellWriter(), semicolon = CellWriter()
        for step in 0..<8 {
            let fg = "38:2::\(10 * step):20:30", bg = "48:2::\(step):40:50"
            colon.write(glyph: Self.upper, foreground: Array(fg.utf8), background: Array(bg.utf8))
            semicolon.write(glyph: Self.upper, foreground: CellWriter.semicolonForm(of: Array(fg.utf8)),
                            background: CellWriter.semicolonForm(of: Array(bg.utf8)))
        }
        #expect(semicolon.bytes.count == colon.bytes.count - 16)
        #expect(semicolon.bytes.starts(with: Self.sgr("0;38;2;0;20;30;48;2;0;40;50") + Self.upper))
    }

    @Test("a block in one colour over the terminal's own names the default as 39/49, and no default is mirrored")
    func defaults() {
        var writer = CellWriter()
        // A sticker's edge: ▄ in red over the terminal's background, then a full block in red (its background unseen).
        writer.write(glyph: Self.lower, foreground: Self.red, background: CellWriter.defaultBackground)
        writer.write(glyph: Self.full, foreground: Self.red, background: CellWriter.defaultBackground)
        #expect(writer.bytes == Self.sgr("0;38;5;196;49") + Self.lower + Self.full)
        var mirrored = CellWriter()
        mirrored.write(glyph: Self.upper, foreground: CellWriter.defaultForeground, background: Self.blueBackground)
        // ▄ in blue over the default background: its mirror, ▀ in the default foreground over blue, is what the
        // terminal is set to, but would paint the lower half in the foreground's colour, not the background's.
        mirrored.write(glyph: Self.lower, foreground: Self.blue, background: CellWriter.defaultBackground)
        #expect(mirrored.bytes == Self.sgr("0;39;48;5;21") + Self.upper + Self.sgr("38;5;21;49") + Self.lower)
        #expect(CellWriter.colour(CellWriter.defaultBackground, as: 0x33) == nil)
        #expect(CellWriter.colour(CellWriter.defaultForeground, as: 0x34) == nil)
    }

    @Test("which colours a glyph shows")
    func shows() {
        #expect(CellWriter.Shows(glyph: Self.space) == .backgroundOnly)
        #expect(CellWriter.Shows(glyph: Self.full) == .foregroundOnly)
        #expect(CellWriter.Shows(glyph: Self.upper) == .both)
        #expect(CellWriter.Shows(glyph: Array("a".utf8)) == .both)
    }
}
