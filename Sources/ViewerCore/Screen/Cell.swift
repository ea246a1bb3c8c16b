/// One terminal cell: a grapheme cluster and its style.
///
/// A wide character (2 columns) sits in its first cell; the cell to its right holds an empty
/// `text` and is never drawn on its own.
package struct Cell: Sendable, Equatable {
    /// The grapheme shown, `" "` for blank, `""` for the right half of a wide character.
    package var text: String
    package var style: CellStyle

    /// A blank cell in a style.
    package static func blank(_ style: CellStyle = .plain) -> Cell { Cell(text: " ", style: style) }

    /// Whether this cell is the right half of a wide character.
    package var isContinuation: Bool { text.isEmpty }

    /// The same style and the same bytes: what the terminal is sent, so canonically equivalent spellings of a
    /// grapheme count as different (String's `==` would compare them by normalization, the top cost of a moving
    /// picture's diff, where ▀ and ▄ take its slow path; docs/IMAGES.md, "Cells that did not change").
    /// Two cells of the same text are mostly the same string (a blank, a block of a picture): its
    /// representation is compared first; `utf8.elementsEqual` alone took some 150 instructions a cell,
    /// 8 % of the start's (the first frame's diff over blank).
    package static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.style == rhs.style && (sameRepresentation(lhs.text, rhs.text) || lhs.text.utf8.elementsEqual(rhs.text.utf8))
    }

    /// Whether two strings are represented by the same bits: the same small string (whose bits are
    /// its bytes and their count) or the same storage, so certainly the same bytes. False says nothing.
    private static func sameRepresentation(_ first: String, _ second: String) -> Bool {
        guard MemoryLayout<String>.size == 16 else { return false }
        return withUnsafeBytes(of: first) { a in
            withUnsafeBytes(of: second) { b in
                a.load(as: UInt64.self) == b.load(as: UInt64.self)
                    && a.load(fromByteOffset: 8, as: UInt64.self) == b.load(fromByteOffset: 8, as: UInt64.self)
            }
        }
    }
}
