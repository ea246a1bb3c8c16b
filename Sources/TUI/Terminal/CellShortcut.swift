/// The bytes that redraw one narrow cell straight to the terminal, past `doupdate`, when the
/// cursor is on that cell or just right of it. A bar step changes one cell; through `doupdate` it
/// costs about 20 000 instructions (ncurses hashes every row, walks the changed one and prices each
/// way to move), written this way a few hundred, for the same bytes: 4 a step, 3 when the bar enters
/// the next cell.
///
/// Pure, so that which moves are taken is tested without a terminal (`CellShortcutTests`).
enum CellShortcut {
    /// How a cell is reached from the cursor.
    enum Move: Equatable {
        /// The cursor is just right of the cell: cursor left, then the glyph, which moves it back.
        case leftThenGlyph
        /// The cursor is on the cell: the glyph alone.
        case glyph

        /// How far right of where it was the bytes leave the cursor.
        var advance: Int { self == .glyph ? 1 : 0 }

        /// Appends the bytes for `glyph` (one narrow character, already encoded) to `bytes`.
        func append(glyph: some Collection<UInt8>, cursorLeft: [UInt8], to bytes: inout [UInt8]) {
            if self == .leftThenGlyph { bytes.append(contentsOf: cursorLeft) }
            bytes.append(contentsOf: glyph)
        }
    }

    /// How to redraw `column` of the row the cursor is on, with the cursor at `cursor`, in a terminal
    /// `width` columns wide; nil when there is no short way: the cursor elsewhere, or a cell in the
    /// last column (writing there leaves the cursor in the terminal's pending-wrap state, where moves
    /// differ between terminals).
    static func move(column: Int, cursor: Int, width: Int) -> Move? {
        guard column >= 0, column + 1 < width else { return nil }
        if cursor == column + 1 { return .leftThenGlyph }
        if cursor == column { return .glyph }
        return nil
    }

    /// The terminal's "cursor left" (`cub1`) when a shortcut may use it: plain bytes (no padding
    /// `$<…>`), and moves are safe while colours and attributes are on (`msgr`); nil otherwise, and
    /// every change then goes through `doupdate`.
    static func cursorLeft(capability: [UInt8]?, movesInStandout: Bool) -> [UInt8]? {
        guard movesInStandout, let capability, !capability.isEmpty else { return nil }
        let padding = capability.indices.dropLast().contains { capability[$0] == 0x24 && capability[$0 + 1] == 0x3C }
        return padding ? nil : capability
    }
}
