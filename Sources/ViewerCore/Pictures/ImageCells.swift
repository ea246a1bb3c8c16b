/// A picture converted to terminal cells: `rows` rows of `columns` cells, row by row. For `contain`
/// the grid may be smaller than the box asked for; `offset(inColumns:rows:)` centres it. A pixel
/// picture is the cells it covers with no cell of its own (`cells` empty) and its `pixels`.
package struct ImageCells: Sendable, Equatable {
    package let columns: Int
    package let rows: Int
    package let cells: [ImageCell]
    /// The terminal's own pixels for these cells (kitty, sixel, iTerm2); nil for symbols.
    package let pixels: PixelPayload?

    package init(columns: Int, rows: Int, cells: [ImageCell], pixels: PixelPayload? = nil) {
        self.columns = columns
        self.rows = rows
        self.cells = cells
        self.pixels = pixels
    }

    /// The cell at a row and column (both from 0, inside the grid).
    package subscript(row: Int, column: Int) -> ImageCell { cells[row * columns + column] }

    /// Where the grid's top-left cell goes in a box of `boxColumns` × `boxRows` so that it is
    /// centred (an odd spare cell goes right and below).
    package func offset(inColumns boxColumns: Int, rows boxRows: Int) -> (column: Int, row: Int) {
        (max(0, (boxColumns - columns) / 2), max(0, (boxRows - rows) / 2))
    }

    /// Bytes this value holds on the heap, for the cache's budget.
    package var memoryCost: Int { cells.count * MemoryLayout<ImageCell>.stride + (pixels?.bytes.count ?? 0) + 64 }
}
