import Engine

/// A story's image (docs/IMAGES.md): it fills the area under the bars (`pictureBox`, from row 1 and the
/// left margin), centred; the header and the caption stand over it on a backdrop of the theme's
/// colours. Until it is ready, or where it cannot be shown, its alt text stands in the middle of
/// that box, where the picture will be.
extension ScreenLayout {
    /// Whether the picture is drawn: it is ready (without colour it comes as shapes alone, in the
    /// default colours: docs/IMAGES.md).
    package func showsPicture(_ state: ViewState) -> Bool {
        guard case .ready? = state.picture else { return false }
        return true
    }

    /// Draws the picture's cells, centred in the image box and clipped to it.
    /// - Returns: the rows and columns the picture took (its own colours: a gradient leaves them), or nil.
    @discardableResult
    package func drawPicture(for state: ViewState, into frame: inout Frame, styles: ThemeStyles)
        -> (rows: Range<Int>, columns: Range<Int>)? {
        guard showsPicture(state), case .ready(let cells)? = state.picture else { return nil }
        if let pixels = cells.pixels, let story = state.story {
            let moving = state.deck.movingPictures[state.currentIndex] != nil ? state.currentIndex : nil
            return drawPixels(pixels, covering: cells, story: story, moving: moving, into: &frame, styles: styles)
        }
        guard cells.cells.count == cells.columns * cells.rows else { return nil }
        let box = Self.pictureBox(width: frame.width, height: frame.height)
        let left = Self.margin + (box.columns - cells.columns) / 2
        let top = Self.headerRow + (box.rows - cells.rows) / 2
        for row in 0..<cells.rows {
            let y = top + row
            guard y >= Self.headerRow, y < Self.headerRow + box.rows else { continue }
            for column in 0..<cells.columns {
                let x = left + column
                guard x >= Self.margin, x < Self.margin + box.columns else { continue }
                let cell = cells.cells[row * cells.columns + column]
                if options.ascii {
                    let shown = ASCIIPicture.cell(cell, color: options.color)
                    frame.put(String(shown.character), row: y, column: x, style: shown.style)
                    continue
                }
                // Without colour the cells come as shapes (docs/IMAGES.md); a colour left in one is not drawn.
                let style = options.color ? CellStyle(foreground: cell.foreground, background: cell.background)
                    : CellStyle.plain
                if Self.isNarrowSymbol(cell.character) {
                    // The helper's symbols (RawImageGrid.isDrawable): one column each, no width or flag to work out.
                    frame.set(Cell(text: String(cell.character), style: style), row: y, column: x)
                } else {
                    frame.put(String(cell.character), row: y, column: x, style: style)
                }
            }
        }
        let rows = max(top, Self.headerRow)..<min(top + cells.rows, Self.headerRow + box.rows)
        let columns = max(left, Self.margin)..<min(left + cells.columns, Self.margin + box.columns)
        return (rows, columns)
    }

    /// Whether `character` is one narrow scalar a picture's cell may hold without `Frame.put`'s analysis: printable
    /// ASCII or a block element (U+2580–U+259F).
    static func isNarrowSymbol(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else { return false }
        return (0x20...0x7E).contains(first.value) || (0x2580...0x259F).contains(first.value)
    }

    /// A pixel picture: blank cells where it goes, centred in its box (`pixelBox`), and the picture over
    /// them for the backend to write after curses' frame; a moving picture's frame says whose (`moving`).
    private func drawPixels(_ pixels: PixelPayload, covering cells: ImageCells, story: Story, moving: Int?,
                            into frame: inout Frame, styles: ThemeStyles) -> (rows: Range<Int>, columns: Range<Int>)? {
        let box = pixelBox(for: story, underText: pixels.graphicsProtocol == .kitty, width: frame.width, height: frame.height)
        guard cells.columns <= box.columns, cells.rows <= box.rows else { return nil }
        let left = Self.margin + (box.columns - cells.columns) / 2
        let top = box.top + (box.rows - cells.rows) / 2
        frame.addPicture(FramePicture(row: top, column: left, columns: cells.columns, rows: cells.rows, payload: pixels,
                                      movingPicture: moving),
                         style: styles.base)
        return (top..<top + cells.rows, left..<left + cells.columns)
    }

    /// The box a pixel picture is made for and drawn in: under the text (kitty) the symbols' box
    /// (`pictureBox`); otherwise the rows between the title's row and the caption's, which it would
    /// cover (sixel, iTerm2). The caption's rows are those of the story's text block as drawn without a
    /// notice; a hold hides the text but the picture keeps its box.
    package func pixelBox(for story: Story, underText: Bool, width: Int, height: Int) -> (top: Int, columns: Int, rows: Int) {
        let box = Self.pictureBox(width: width, height: height)
        guard !underText, box.rows > 0 else { return (Self.headerRow, box.columns, box.rows) }
        let measure = min(width - 2 * Self.margin, Self.captionMeasure)
        let bottom = height - (height >= Panel.roomyHeight ? 1 : 0)
        let captionRows = textBlock(for: story, measure: measure, maxLines: max(1, height / 3))?.height ?? 0
        let top = Self.headerRow + 1
        let end = min(Self.headerRow + box.rows, bottom - captionRows)
        return (top, box.columns, max(0, end - top))
    }

    /// The alt text (while the picture is not drawn) and the caption of a picture story.
    package func drawPictureCaption(_ story: Story, state: ViewState, into frame: inout Frame, bottom: Int,
                            styles: ThemeStyles) {
        let measure = min(frame.width - 2 * Self.margin, Self.captionMeasure)
        let pictureShown = showsPicture(state)
        if !pictureShown {
            let alt = messages.picture(story.alt ?? story.image ?? "", of: story)
            let lines = TextWrapper.wrap(shown(alt), width: measure, maxLines: 3, ellipsis: ellipsis)
            var reason: [String] = []
            if case .failed(let problem)? = state.picture {
                reason = TextWrapper.wrap(shown(messages.pictureProblem(problem, path: story.image)), width: measure, maxLines: 1,
                                          ellipsis: ellipsis)
            }
            let box = Self.pictureBox(width: frame.width, height: frame.height)
            let first = Self.headerRow + max(0, (box.rows - lines.count - reason.count) / 2)
            for (offset, line) in (lines + reason).enumerated() where offset < box.rows {
                let column = max(Self.margin, (frame.width - DisplayWidth.of(line)) / 2)
                frame.put(line, row: first + offset, column: column, style: styles.muted)
            }
        }
        guard !state.hidesText,
              let block = textBlock(for: story, measure: measure, maxLines: max(1, frame.height / 3)) else { return }
        let top = bottom - block.height
        if pictureShown {
            let left = max(Self.margin, (frame.width - block.width) / 2)
            for row in top..<bottom {
                frame.fillRow(row, from: left - 1, to: left + block.width + 1, style: styles.base)
            }
        }
        draw(block, top: top, into: &frame, styles: styles)
    }
}
