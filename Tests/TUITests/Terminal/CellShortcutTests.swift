import Testing
@testable import TUI

/// Which one-cell changes are written past `doupdate`, with which bytes, and where they leave the cursor.
@Suite("Terminal: one cell written past doupdate")
struct CellShortcutTests {
    static let glyph: [UInt8] = Array("▌".utf8)
    static let left: [UInt8] = [0x08]

    @Test("the cursor just right of the cell: back one, then the glyph, and the cursor ends where it was")
    func fromTheRight() throws {
        let step = try #require(CellShortcut.bytes(glyph: Self.glyph, column: 10, cursor: 11, width: 80, cursorLeft: Self.left))
        #expect(step.bytes == [0x08] + Self.glyph)
        #expect(step.bytes.count == 4)
        #expect(step.advance == 0)
    }

    @Test("the cursor on the cell: the glyph alone, and the cursor ends one column right")
    func onTheCell() throws {
        let step = try #require(CellShortcut.bytes(glyph: Self.glyph, column: 10, cursor: 10, width: 80, cursorLeft: Self.left))
        #expect(step.bytes == Self.glyph)
        #expect(step.advance == 1)
    }

    @Test("any other place of the cursor has no shortcut", arguments: [0, 8, 9, 12, 40])
    func elsewhere(cursor: Int) {
        #expect(CellShortcut.bytes(glyph: Self.glyph, column: 10, cursor: cursor, width: 80, cursorLeft: Self.left) == nil)
    }

    @Test("the last column has no shortcut (pending wrap), nor a cell outside the row or an empty glyph")
    func edges() {
        #expect(CellShortcut.bytes(glyph: Self.glyph, column: 79, cursor: 79, width: 80, cursorLeft: Self.left) == nil)
        #expect(CellShortcut.bytes(glyph: Self.glyph, column: 78, cursor: 79, width: 80, cursorLeft: Self.left) != nil)
        #expect(CellShortcut.bytes(glyph: Self.glyph, column: -1, cursor: 0, width: 80, cursorLeft: Self.left) == nil)
        #expect(CellShortcut.bytes(glyph: [], column: 10, cursor: 11, width: 80, cursorLeft: Self.left) == nil)
        #expect(CellShortcut.bytes(glyph: Self.glyph, column: 10, cursor: 11, width: 80, cursorLeft: []) == nil)
    }

    @Test("cub1 is used only when plain and when moves are safe with colours on (msgr)")
    func cursorLeft() {
        #expect(CellShortcut.cursorLeft(capability: [0x08], movesInStandout: true) == [0x08])
        #expect(CellShortcut.cursorLeft(capability: Array("\u{1B}[D".utf8), movesInStandout: true) == Array("\u{1B}[D".utf8))
        #expect(CellShortcut.cursorLeft(capability: [0x08], movesInStandout: false) == nil)
        #expect(CellShortcut.cursorLeft(capability: Array("\u{08}$<2>".utf8), movesInStandout: true) == nil)
        #expect(CellShortcut.cursorLeft(capability: nil, movesInStandout: true) == nil)
        #expect(CellShortcut.cursorLeft(capability: [], movesInStandout: true) == nil)
    }
}
