/// A screenful of cells: what the layout produces and the backend draws.
struct Frame: Sendable, Equatable {
    let width: Int
    let height: Int
    private(set) var cells: [Cell]

    /// A frame of blank cells in one style.
    init(width: Int, height: Int, fill: CellStyle = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(fill), count: self.width * self.height)
    }

    /// A frame from lines of plain text (for expected values in tests); short lines are padded.
    init(lines: [String]) {
        let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
        self.init(width: width, height: lines.count)
        for (row, line) in lines.enumerated() { put(line, row: row, column: 0) }
    }

    /// The cell at a position (blank outside the frame).
    subscript(row: Int, column: Int) -> Cell {
        guard contains(row: row, column: column) else { return .blank() }
        return cells[row * width + column]
    }

    /// Whether a position lies inside the frame.
    func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// Each row as text (continuation cells skipped), for snapshots in tests.
    var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width {
                let cell = cells[row * width + column]
                line += cell.text
            }
            return line
        }
    }

    /// Replaces every cell that is not ASCII with `?`, so that a locale that cannot encode UTF-8
    /// never receives a byte it cannot show.
    mutating func replaceNonASCII() {
        for index in cells.indices where !cells[index].text.allSatisfy(\.isASCII) {
            cells[index].text = "?"
            if index + 1 < cells.count, cells[index + 1].isContinuation { cells[index + 1].text = " " }
        }
    }

    /// Sets one cell's style without changing its text.
    mutating func setStyle(_ style: CellStyle, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        cells[row * width + column].style = style
    }

    /// Fills a whole row with blanks in a style.
    mutating func fillRow(_ row: Int, style: CellStyle) {
        guard row >= 0 && row < height else { return }
        for column in 0..<width { cells[row * width + column] = .blank(style) }
    }

    /// Writes text from a position, clipped at the right edge; returns the column after the text.
    /// A wide character that would not fit whole is replaced by a blank.
    @discardableResult
    mutating func put(_ text: some StringProtocol, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        guard row >= 0 && row < height else { return column }
        var x = column
        for character in text {
            let columns = DisplayWidth.of(character)
            if columns == 0 {
                // Zero-width clusters are drawn by curses attached to the previous cell; we drop them.
                continue
            }
            if x >= width { break }
            if x < 0 { x += columns; continue }
            if x + columns > width {
                cells[row * width + x] = .blank(style)
                x += 1
                break
            }
            clearWide(row: row, column: x)
            cells[row * width + x] = Cell(text: String(character), style: style)
            if columns == 2 {
                clearWide(row: row, column: x + 1)
                cells[row * width + x + 1] = Cell(text: "", style: style)
            }
            x += columns
        }
        return x
    }

    /// Keeps wide characters whole when a cell inside one is overwritten.
    private mutating func clearWide(row: Int, column: Int) {
        let index = row * width + column
        if cells[index].isContinuation, column > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if column + 1 < width, cells[index + 1].isContinuation, !cells[index].isContinuation {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
    }
}
