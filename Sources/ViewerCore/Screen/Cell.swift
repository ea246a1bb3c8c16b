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
    package static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.style == rhs.style && lhs.text.utf8.elementsEqual(rhs.text.utf8)
    }
}
