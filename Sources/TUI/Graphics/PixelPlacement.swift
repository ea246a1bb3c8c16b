import ViewerCore

/// Where a pixel picture goes in its box of cells and which of its pixels it shows (`ImageFit.placement`).
struct PixelPlacement: Sendable, Hashable {
    /// The size the picture is scaled to, in pixels.
    let size: PixelSize
    /// The part of the picture scaled (all of it for `contain`; a centred crop for `cover`).
    let source: (x: Int, y: Int, width: Int, height: Int)
    /// The cells the picture covers (at least partly), and their offset from the box's top left corner.
    let columns: Int
    let rows: Int
    let columnOffset: Int
    let rowOffset: Int

    static func == (lhs: PixelPlacement, rhs: PixelPlacement) -> Bool {
        lhs.size == rhs.size && lhs.source == rhs.source && lhs.columns == rhs.columns && lhs.rows == rhs.rows
            && lhs.columnOffset == rhs.columnOffset && lhs.rowOffset == rhs.rowOffset
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(source.x)
        hasher.combine(source.y)
        hasher.combine(source.width)
        hasher.combine(source.height)
        hasher.combine(columns)
        hasher.combine(rows)
    }
}
