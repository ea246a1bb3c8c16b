import Engine

/// A story's image (SPEC 8): it fills the area under the bars (`imageBox`), centred; the header and
/// the caption stand over it on a backdrop of the theme's colours. Until it is ready, or where it
/// cannot be shown, its alt text stands in the middle of that box, where the picture will be.
extension ScreenLayout {
    /// The box a picture is converted for at a terminal size: every row under the bars, the whole
    /// width (`contain` and `cover` are the converter's business); 0×0 below the minimum size.
    static func imageBox(width: Int, height: Int) -> (columns: Int, rows: Int) {
        guard width >= minimumWidth, height >= minimumHeight else { return (0, 0) }
        return (width, height - headerRow)
    }

    /// The box to convert the current story's picture for; 0×0 when it has no image.
    func imageBox(for state: ViewState, width: Int, height: Int) -> (columns: Int, rows: Int) {
        guard state.story?.image != nil else { return (0, 0) }
        return Self.imageBox(width: width, height: height)
    }

    /// Whether the picture is drawn: it is ready, and colours are on (SPEC 8: without colour a
    /// picture shows its alt text).
    func showsPicture(_ state: ViewState) -> Bool {
        guard options.color, case .ready? = state.picture else { return false }
        return true
    }

    /// Draws the picture's cells, centred in the image box and clipped to it.
    func drawPicture(for state: ViewState, into frame: inout Frame, styles: ThemeStyles) {
        guard showsPicture(state), case .ready(let cells)? = state.picture,
              cells.cells.count == cells.columns * cells.rows else { return }
        let box = Self.imageBox(width: frame.width, height: frame.height)
        let left = (box.columns - cells.columns) / 2
        let top = Self.headerRow + (box.rows - cells.rows) / 2
        for row in 0..<cells.rows {
            let y = top + row
            guard y >= Self.headerRow, y < frame.height else { continue }
            for column in 0..<cells.columns {
                let x = left + column
                guard x >= 0, x < frame.width else { continue }
                let cell = cells.cells[row * cells.columns + column]
                frame.put(String(cell.character), row: y, column: x,
                          style: CellStyle(foreground: cell.foreground, background: cell.background))
            }
        }
    }

    /// The alt text (while the picture is not drawn) and the caption of a picture story.
    func drawPictureCaption(_ story: Story, state: ViewState, into frame: inout Frame, bottom: Int,
                            styles: ThemeStyles) {
        let measure = min(frame.width - 2 * Self.margin, Self.captionMeasure)
        let pictureShown = showsPicture(state)
        var reason: String?
        if case .unavailable(let why)? = state.picture { reason = why }
        if !pictureShown {
            let alt = messages.image(story.alt ?? story.image ?? "")
            var lines = TextWrapper.wrap(shown(alt), width: measure, maxLines: 3, ellipsis: ellipsis)
            if let reason { lines += TextWrapper.wrap(shown(reason), width: measure, maxLines: 2, ellipsis: ellipsis) }
            let box = Self.imageBox(width: frame.width, height: frame.height)
            let first = Self.headerRow + max(0, (box.rows - lines.count) / 2)
            for (offset, line) in lines.enumerated() {
                let column = max(Self.margin, (frame.width - DisplayWidth.of(line)) / 2)
                frame.put(line, row: first + offset, column: column, style: styles.muted)
            }
        }
        guard !state.hidesText, let caption = story.caption else { return }
        let block = captionBlock(caption, measure: measure, maxLines: max(1, frame.height / 3))
        let top = bottom - block.lines.count
        if pictureShown {
            let left = max(Self.margin, (frame.width - block.width) / 2)
            for row in top..<bottom {
                frame.fillRow(row, from: left - 1, to: left + block.width + 1, style: styles.base)
            }
        }
        draw(block, top: top, into: &frame, styles: styles)
    }
}
