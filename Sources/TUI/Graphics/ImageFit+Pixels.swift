import ViewerCore

extension ImageFit {
    /// How a `width` × `height` picture fills a box of `columns` × `rows` cells of `cell` pixels, drawn in
    /// the terminal's own pixels: the same rules as the symbols (`grid`, `source`), in pixels instead of
    /// 1 × 2 units. `contain`: the largest size of the picture's aspect within the box's pixels (at least
    /// 1 × 1), centred by whole cells (an odd spare cell goes right and below, as `ImageCells.offset`);
    /// `cover`: the box's pixels, from the centred part of the picture with the box's aspect. Nil when
    /// anything is empty.
    func placement(width: Int, height: Int, columns: Int, rows: Int, cell: PixelSize) -> PixelPlacement? {
        guard width > 0, height > 0, columns > 0, rows > 0, cell.isKnown else { return nil }
        let boxWidth = columns * cell.width, boxHeight = rows * cell.height
        var size = PixelSize(width: boxWidth, height: boxHeight)
        var source = (x: 0, y: 0, width: width, height: height)
        if self == .contain {
            // Compare width / height with boxWidth / boxHeight, in integers.
            if width * boxHeight >= boxWidth * height {
                size.height = max(1, min(boxHeight, (boxWidth * height + width / 2) / width))
            } else {
                size.width = max(1, min(boxWidth, (boxHeight * width + height / 2) / height))
            }
        } else if width * boxHeight > boxWidth * height {
            let kept = max(1, min(width, (height * boxWidth + boxHeight / 2) / boxHeight))
            source = ((width - kept) / 2, 0, kept, height)
        } else {
            let kept = max(1, min(height, (width * boxHeight + boxWidth / 2) / boxWidth))
            source = (0, (height - kept) / 2, width, kept)
        }
        let covered = (columns: (size.width + cell.width - 1) / cell.width, rows: (size.height + cell.height - 1) / cell.height)
        return PixelPlacement(size: size, source: source, columns: covered.columns, rows: covered.rows,
                              columnOffset: (columns - covered.columns) / 2, rowOffset: (rows - covered.rows) / 2)
    }
}
