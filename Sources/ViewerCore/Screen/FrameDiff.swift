/// The cells to draw to turn the frame on screen into the next one: every cell that differs, and
/// a wide character whose right half changed; continuation cells are never drawn on their own.
/// Pure, so that "only changed cells are written" is tested without a terminal.
package enum FrameDiff {
    /// A cell to draw. A struct rather than a tuple, whose array type the runtime would build from
    /// its mangled name before the first frame.
    package struct Change {
        package let row: Int
        package let column: Int
    }

    /// Positions (row, column) to draw, in row-major order. Without a previous frame of the same
    /// size, every cell that starts a character.
    package static func changes(from previous: Frame?, to frame: Frame) -> [Change] {
        let last = previous.flatMap { $0.width == frame.width && $0.height == frame.height ? $0 : nil }
        var changed: [Change] = []
        for row in 0..<frame.height {
            let cells = frame.rows[row]
            let before = last?.rows[row]
            // A row copied from the frame on screen and never written shares its storage: skip it whole.
            if let before, sharesStorage(before, cells) { continue }
            for column in 0..<frame.width {
                let cell = cells[column]
                if cell.isContinuation { continue }
                if let before {
                    var differs = before[column] != cell
                    // A wide character's right half belongs to it: redraw when that half changed.
                    if !differs && column + 1 < frame.width && cells[column + 1].isContinuation {
                        differs = before[column + 1] != cells[column + 1]
                    }
                    if !differs { continue }
                }
                changed.append(Change(row: row, column: column))
            }
        }
        return changed
    }

    /// Positions to draw over an erased screen: every cell that starts a character and is not a
    /// blank in the terminal's own colours (which the erase already shows), in row-major order.
    package static func changes(overBlank frame: Frame) -> [Change] {
        let blank = Cell.blank()
        var changed: [Change] = []
        for row in 0..<frame.height {
            let cells = frame.rows[row]
            for column in 0..<frame.width where !cells[column].isContinuation && cells[column] != blank {
                changed.append(Change(row: row, column: column))
            }
        }
        return changed
    }

    /// Whether two rows are one and the same storage (so certainly equal), without comparing cells.
    private static func sharesStorage(_ first: [Cell], _ second: [Cell]) -> Bool {
        first.withUnsafeBufferPointer { a in
            second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
        }
    }
}
