/// A screenful of cells: what the layout produces and the backend draws.
///
/// Rows are stored separately, so that a copy of a frame shares every row until one is written:
/// a bar step that redraws row 0 of the last frame copies one row, and `FrameDiff` skips every
/// row that still shares its storage with the frame on screen.
package struct Frame: Sendable, Equatable {
    package let width: Int
    package let height: Int
    package private(set) var rows: [[Cell]]
    /// The runs of cells that are hyperlinks, in drawing order (`FrameLink`).
    package private(set) var links: [FrameLink] = []
    /// The pixel pictures over blank cells of the frame (`FramePicture`).
    package private(set) var pictures: [FramePicture] = []

    /// A frame of blank cells in one style.
    package init(width: Int, height: Int, fill: CellStyle = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        rows = Array(repeating: Array(repeating: .blank(fill), count: self.width), count: self.height)
    }

    /// A frame from lines of plain text (for expected values in tests); short lines are padded.
    package init(lines: [String]) {
        let width = lines.map { DisplayWidth.of($0) }.max() ?? 0
        self.init(width: width, height: lines.count)
        for (row, line) in lines.enumerated() { put(line, row: row, column: 0) }
    }

    /// The cell at a position (blank outside the frame).
    package subscript(row: Int, column: Int) -> Cell {
        guard contains(row: row, column: column) else { return .blank() }
        return rows[row][column]
    }

    /// Whether a position lies inside the frame.
    package func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// Each row as text (continuation cells skipped), for snapshots in tests.
    package var lines: [String] {
        rows.map { row in
            var line = ""
            for cell in row { line += cell.text }
            return line
        }
    }

    /// Replaces every cell that is not ASCII with `ASCIIText.placeholder` (a wide one with two),
    /// so that a locale that cannot encode UTF-8 never receives a byte it cannot show. The layout
    /// transliterates text before it lays it out; this is the net under it.
    package mutating func replaceNonASCII() {
        for row in rows.indices {
            for column in rows[row].indices where !rows[row][column].text.allSatisfy(\.isASCII) {
                rows[row][column].text = String(ASCIIText.placeholder)
                if column + 1 < width, rows[row][column + 1].isContinuation {
                    rows[row][column + 1].text = String(ASCIIText.placeholder)
                }
            }
        }
    }

    /// Sets one cell's style without changing its text.
    package mutating func setStyle(_ style: CellStyle, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        rows[row][column].style = style
    }

    /// Marks `width` cells of a row from `column` as a hyperlink to `url` (clipped to the frame).
    package mutating func addLink(_ url: String, row: Int, column: Int, width: Int) {
        let first = max(0, column), end = min(self.width, column + width)
        guard row >= 0, row < height, first < end else { return }
        links.append(FrameLink(row: row, column: first, width: end - first, url: url))
    }

    /// Forgets every hyperlink (an overlay covers the story).
    package mutating func removeLinks() { links.removeAll() }

    /// Puts a pixel picture over its cells, which are made blank in `style` (clipped to the frame).
    package mutating func addPicture(_ picture: FramePicture, style: CellStyle) {
        guard picture.columns > 0, picture.rows > 0, picture.row >= 0, picture.column >= 0,
              picture.row + picture.rows <= height, picture.column + picture.columns <= width else { return }
        for row in picture.row..<picture.row + picture.rows {
            fillRow(row, from: picture.column, to: picture.column + picture.columns, style: style)
        }
        pictures.append(picture)
    }

    /// Forgets every pixel picture (an overlay covers the story; the cells stay as drawn over them).
    package mutating func removePictures() { pictures.removeAll() }

    /// The hyperlinks with the cells they cover as they are now.
    package var placedLinks: [FrameLink] {
        links.map { link in
            var placed = link
            placed.cells = Array(rows[link.row][link.column..<link.column + link.width])
            return placed
        }
    }

    /// Changes the style of every cell of a row (but the columns `skipping`) to what `restyle` makes of it.
    package mutating func restyleRow(_ row: Int, skipping: Range<Int>? = nil, _ restyle: (CellStyle) -> CellStyle) {
        guard row >= 0 && row < height else { return }
        for column in 0..<width where skipping?.contains(column) != true {
            rows[row][column].style = restyle(rows[row][column].style)
        }
    }

    /// Fills a whole row with blanks in a style.
    package mutating func fillRow(_ row: Int, style: CellStyle) {
        guard row >= 0 && row < height else { return }
        rows[row] = Array(repeating: .blank(style), count: width)
    }

    /// Fills columns `from..<to` of a row with blanks in a style (clipped to the frame); a wide
    /// character cut by either end is blanked whole.
    package mutating func fillRow(_ row: Int, from start: Int, to end: Int, style: CellStyle) {
        guard row >= 0 && row < height else { return }
        let first = max(0, start), last = min(width, end)
        guard first < last else { return }
        clearWide(row: row, column: first)
        if last < width { clearWide(row: row, column: last) }
        for column in first..<last { rows[row][column] = .blank(style) }
    }

    /// Sets one cell as it is: for text known to be one narrow grapheme (the bar's glyphs), so no
    /// width or flag analysis; a wide character it overwrites half of is blanked whole.
    package mutating func set(_ cell: Cell, row: Int, column: Int) {
        guard contains(row: row, column: column) else { return }
        clearWide(row: row, column: column)
        rows[row][column] = cell
    }

    /// Writes text from a position, clipped at the right edge; returns the column after the text.
    /// A wide character that would not fit whole is replaced by a blank.
    @discardableResult
    package mutating func put(_ text: some StringProtocol, row: Int, column: Int, style: CellStyle = .plain) -> Int {
        guard row >= 0 && row < height else { return column }
        var x = column
        for character in text {
            if let ascii = character.asciiValue {
                // Most text is ASCII: one column (none for a control), no flag, nothing to drop.
                guard ascii >= 0x20, ascii != 0x7F else { continue }
                if x >= width { break }
                if x >= 0 {
                    clearWide(row: row, column: x)
                    rows[row][x] = Cell(text: String(character), style: style)
                }
                x += 1
                continue
            }
            let columns = DisplayWidth.of(character)
            if columns == 0 {
                // Zero-width clusters are drawn by curses attached to the previous cell; we drop them.
                continue
            }
            if x >= width { break }
            if x < 0 { x += columns; continue }
            if x + columns > width {
                rows[row][x] = .blank(style)
                x += 1
                break
            }
            if let letters = Self.flagLetters(character) {
                // ncurses keeps one spacing character per cell, so a flag would lose its second half;
                // its two letters (🇪🇸 → ES) take the same two columns and read the same.
                clearWide(row: row, column: x)
                clearWide(row: row, column: x + 1)
                rows[row][x] = Cell(text: letters.0, style: style)
                rows[row][x + 1] = Cell(text: letters.1, style: style)
                x += 2
                continue
            }
            clearWide(row: row, column: x)
            rows[row][x] = Cell(text: String(DisplayWidth.drawable(character)), style: style)
            if columns == 2 {
                clearWide(row: row, column: x + 1)
                rows[row][x + 1] = Cell(text: "", style: style)
            }
            x += columns
        }
        return x
    }

    /// The two letters of a flag (a pair of regional indicators), or nil for anything else.
    package static func flagLetters(_ character: Character) -> (String, String)? {
        let indicators: ClosedRange<UInt32> = 0x1F1E6...0x1F1FF
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next(), indicators.contains(first.value),
              let second = scalars.next(), indicators.contains(second.value), scalars.next() == nil,
              let firstLetter = Unicode.Scalar(first.value - 0x1F1E6 + 0x41),
              let secondLetter = Unicode.Scalar(second.value - 0x1F1E6 + 0x41) else { return nil }
        return (String(firstLetter), String(secondLetter))
    }

    /// Keeps wide characters whole when a cell inside one is overwritten.
    private mutating func clearWide(row: Int, column: Int) {
        if rows[row][column].isContinuation, column > 0 {
            rows[row][column - 1] = .blank(rows[row][column - 1].style)
        }
        if column + 1 < width, rows[row][column + 1].isContinuation, !rows[row][column].isContinuation {
            rows[row][column + 1] = .blank(rows[row][column + 1].style)
        }
    }
}
