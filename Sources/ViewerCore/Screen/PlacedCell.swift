/// A cell and where it goes: what a backend is handed to write (a bar step's cell, a quiet run's).
package struct PlacedCell: Equatable {
    package var cell: Cell
    package var row: Int
    package var column: Int

    package init(cell: Cell, row: Int, column: Int) {
        self.cell = cell
        self.row = row
        self.column = column
    }
}
