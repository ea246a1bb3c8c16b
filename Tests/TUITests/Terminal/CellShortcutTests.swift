import Testing
@testable import TUI
@testable import ViewerCore

/// Which one-cell changes are written past `doupdate`, with which bytes, and where they leave the cursor.
@Suite("Terminal: one cell written past doupdate")
struct CellShortcutTests {
    static let glyph: [UInt8] = Array("▌".utf8)
    static let left: [UInt8] = [0x08]

    /// The bytes of a shortcut, as the backend writes them after the colours.
    static func bytes(_ move: CellShortcut.Move) -> [UInt8] {
        var bytes: [UInt8] = []
        move.append(glyph: glyph, cursorLeft: left, to: &bytes)
        return bytes
    }

    @Test("the cursor just right of the cell: back one, then the glyph, and the cursor ends where it was")
    func fromTheRight() throws {
        let move = try #require(CellShortcut.move(column: 10, cursor: 11, width: 80))
        #expect(move == .leftThenGlyph)
        #expect(Self.bytes(move) == [0x08] + Self.glyph)
        #expect(Self.bytes(move).count == 4)
        #expect(move.advance == 0)
    }

    @Test("the cursor on the cell: the glyph alone, and the cursor ends one column right")
    func onTheCell() throws {
        let move = try #require(CellShortcut.move(column: 10, cursor: 10, width: 80))
        #expect(move == .glyph)
        #expect(Self.bytes(move) == Self.glyph)
        #expect(move.advance == 1)
    }

    @Test("any other place of the cursor has no shortcut", arguments: [0, 8, 9, 12, 40])
    func elsewhere(cursor: Int) {
        #expect(CellShortcut.move(column: 10, cursor: cursor, width: 80) == nil)
    }

    @Test("the last column has no shortcut (pending wrap), nor a cell outside the row")
    func edges() {
        #expect(CellShortcut.move(column: 79, cursor: 79, width: 80) == nil)
        #expect(CellShortcut.move(column: 78, cursor: 79, width: 80) != nil)
        #expect(CellShortcut.move(column: -1, cursor: 0, width: 80) == nil)
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
