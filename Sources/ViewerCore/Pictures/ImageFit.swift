/// How a picture fills its box of cells (the story key `fit`).
package enum ImageFit: UInt8, Sendable, Hashable, CaseIterable {
    /// The whole picture, as large as the box allows, aspect kept; centred, the rest left empty.
    case contain = 0
    /// The whole box, aspect kept; the picture's overflow is cropped evenly on both sides.
    case cover = 1

    /// A terminal cell is about twice as tall as it is wide: one cell shows 1 × 2 square units.
    package static let cellHeightToWidth = 2

    /// The grid a `width` × `height` pixel picture takes in a box of `columns` × `rows` cells:
    /// the box itself for `cover`; for `contain`, the largest grid of the picture's aspect that fits
    /// (at least 1 × 1).
    package func grid(width: Int, height: Int, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, columns > 0, rows > 0 else { return (0, 0) }
        guard self == .contain else { return (columns, rows) }
        // Compare width / height with columns / (2 rows), in integers.
        let unitsHigh = rows * Self.cellHeightToWidth
        if width * unitsHigh >= columns * height {
            let fitted = (columns * height + width * Self.cellHeightToWidth / 2) / (width * Self.cellHeightToWidth)
            return (columns, min(rows, max(1, fitted)))
        }
        let fitted = (unitsHigh * width + height / 2) / height
        return (min(columns, max(1, fitted)), rows)
    }

    /// The part of the picture drawn into a grid of `columns` × `rows` cells: all of it for
    /// `contain`; for `cover`, the centred part with the grid's aspect.
    package func source(width: Int, height: Int, columns: Int, rows: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        guard self == .cover, width > 0, height > 0, columns > 0, rows > 0 else { return (0, 0, width, height) }
        let unitsHigh = rows * Self.cellHeightToWidth
        if width * unitsHigh > columns * height {
            let kept = max(1, min(width, (height * columns + unitsHigh / 2) / unitsHigh))
            return ((width - kept) / 2, 0, kept, height)
        }
        let kept = max(1, min(height, (width * unitsHigh + columns / 2) / columns))
        return (0, (height - kept) / 2, width, kept)
    }
}
