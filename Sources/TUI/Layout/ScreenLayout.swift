import Engine

/// The pure layout (SPEC 3): a view state and a terminal size become a frame of cells.
/// No terminal I/O here; tests compare its frames with expected text.
struct ScreenLayout {
    let options: LayoutOptions

    /// Smallest size at which the story is drawn; below it one line says the terminal is too small.
    static let minimumWidth = 20
    static let minimumHeight = 6
    /// Columns left blank at each side.
    static let margin = 1

    private var messages: Messages { Messages(language: options.language) }
    private var ellipsis: String { options.ascii ? "..." : "…" }

    /// The whole screen for a state at a size.
    func frame(for state: ViewState, width: Int, height: Int) -> Frame {
        let theme = state.story?.theme ?? state.deck.theme
        let styles = ThemeStyles(theme: theme, color: options.color)
        var frame = Frame(width: width, height: height, fill: styles.base)
        guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
            drawTooSmall(into: &frame, styles: styles)
            return frame
        }
        drawBars(for: state, into: &frame, styles: styles)
        let showsText = !state.hidesText
        // During a hold only the title and caption step aside: `Paused` and the position stay.
        drawHeader(for: state, into: &frame, styles: styles, showsTitle: showsText)
        let top = showsText ? 3 : 2
        var bottom = height
        if let notice = state.notice {
            bottom -= 1
            let line = TextWrapper.truncate(printable(notice), width: width - 2 * Self.margin, ellipsis: ellipsis)
            frame.put(line, row: bottom, column: Self.margin, style: styles.title)
        }
        if showsText, let caption = state.story?.caption {
            let lines = TextWrapper.wrap(printable(caption), width: width - 2 * Self.margin,
                                         maxLines: max(1, height / 3), ellipsis: ellipsis)
            bottom -= lines.count
            for (offset, line) in lines.enumerated() {
                frame.put(line, row: bottom + offset, column: Self.margin, style: styles.base)
            }
            bottom -= 1
        }
        drawMiddle(for: state, into: &frame, top: top, bottom: bottom, styles: styles)
        switch state.overlay {
        case .help?:
            OverlayLayout(options: options).drawHelp(into: &frame, styles: styles)
        case .storyList(let selection)?:
            OverlayLayout(options: options).drawStoryList(into: &frame, deck: state.deck, current: state.currentIndex,
                                                          selection: selection, styles: styles)
        case nil:
            break
        }
        if options.ascii { frame.replaceNonASCII() }
        return frame
    }

    /// The frame for `state`, reusing `previous` when it was drawn at the same size for a state
    /// that differs only in progress: then only the bar row is drawn again, which is all a bar
    /// step changes. Gives the same frame as `frame(for:width:height:)`.
    func frame(for state: ViewState, width: Int, height: Int, reusing previous: (state: ViewState, frame: Frame)?)
        -> Frame {
        guard let previous, previous.frame.width == width, previous.frame.height == height,
              state.overlay == nil, width >= Self.minimumWidth, height >= Self.minimumHeight else {
            return frame(for: state, width: width, height: height)
        }
        var earlier = previous.state
        earlier.progress = state.progress
        guard earlier == state else { return frame(for: state, width: width, height: height) }
        var updated = previous.frame
        let styles = ThemeStyles(theme: state.story?.theme ?? state.deck.theme, color: options.color)
        updated.fillRow(0, style: styles.base)
        drawBars(for: state, into: &updated, styles: styles)
        if options.ascii { updated.replaceNonASCII() }
        return updated
    }

    /// The bar geometry for a state at a width, for the main loop's wake-up computation.
    func bars(for state: ViewState) -> ProgressBarLayout {
        ProgressBarLayout(segments: state.deck.segmentRange(ofStory: state.currentIndex),
                          current: state.currentIndex,
                          progress: state.autoplay ? state.progress : 1,
                          ascii: options.ascii)
    }

    /// The box a picture is converted for: the whole area under the bars (title and caption are drawn
    /// over it), minus the margins.
    static func pictureBox(width: Int, height: Int) -> (columns: Int, rows: Int) {
        guard width >= minimumWidth, height >= minimumHeight else { return (0, 0) }
        return (width - 2 * margin, height - 2)
    }

    /// Columns available to the bars at a terminal width.
    static func barWidth(forTerminalWidth width: Int) -> Int { max(0, width - 2 * margin) }

    private func drawTooSmall(into frame: inout Frame, styles: ThemeStyles) {
        guard frame.width > 0, frame.height > 0 else { return }
        let line = TextWrapper.truncate(messages.tooSmall, width: frame.width, ellipsis: options.ascii ? "." : "…")
        let column = max(0, (frame.width - DisplayWidth.of(line)) / 2)
        frame.put(line, row: frame.height / 2, column: column, style: styles.title)
    }

    private func drawBars(for state: ViewState, into frame: inout Frame, styles: ThemeStyles) {
        bars(for: state).draw(into: &frame, row: 0, left: Self.margin,
                              width: Self.barWidth(forTerminalWidth: frame.width),
                              style: styles.bar, trackStyle: styles.track)
    }

    /// Row 1: the title on the left; on the right `Paused`, the group title and `n/m`. The
    /// position and `Paused` are never cut; the group title gets at most half the row, and the
    /// story title what is left.
    private func drawHeader(for state: ViewState, into frame: inout Frame, styles: ThemeStyles, showsTitle: Bool) {
        let deck = state.deck
        let range = deck.segmentRange(ofStory: state.currentIndex)
        let available = frame.width - 2 * Self.margin
        let position = "\(state.currentIndex - range.lowerBound + 1)/\(range.count)"
        let paused = state.paused ? messages.paused : ""
        var right = position
        if let group = deck.groupIndex(ofStory: state.currentIndex) {
            let separator = options.ascii ? " - " : " · "
            let fixed = DisplayWidth.of(position) + DisplayWidth.of(separator) + (paused.isEmpty ? 0 : DisplayWidth.of(paused) + 2)
            let room = min(available / 2, available - fixed - 4)
            if room >= 4 {
                right = TextWrapper.truncate(printable(deck.groups[group].title), width: room, ellipsis: ellipsis)
                    + separator + position
            }
        }
        if !paused.isEmpty { right = paused + "  " + right }
        right = TextWrapper.truncate(right, width: max(0, available), ellipsis: ellipsis)
        let rightWidth = DisplayWidth.of(right)
        let rightColumn = frame.width - Self.margin - rightWidth
        frame.put(right, row: 1, column: rightColumn, style: styles.base)
        if !paused.isEmpty {
            for column in 0..<min(rightWidth, DisplayWidth.of(paused)) {
                frame.setStyle(styles.selected, row: 1, column: rightColumn + column)
            }
        }
        if showsTitle, let title = state.story?.title {
            let room = available - rightWidth - 2
            let line = TextWrapper.truncate(printable(title), width: max(0, room), ellipsis: ellipsis)
            frame.put(line, row: 1, column: Self.margin, style: styles.title)
        }
    }

    private func drawMiddle(for state: ViewState, into frame: inout Frame, top: Int, bottom: Int, styles: ThemeStyles) {
        guard let story = state.story, bottom > top else { return }
        var block: [String] = []
        if let art = story.art {
            block = printable(art).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        } else if let image = story.image {
            block = [TextWrapper.truncate(messages.image(printable(story.alt ?? image)),
                                          width: frame.width - 2 * Self.margin, ellipsis: ellipsis)]
        }
        guard !block.isEmpty else { return }
        let height = bottom - top
        let shown = Array(block.prefix(height))
        let firstRow = top + (height - shown.count) / 2
        // Centre the block as a whole so that art keeps its shape; clip what does not fit.
        let blockWidth = shown.map { DisplayWidth.of($0) }.max() ?? 0
        let left = (frame.width - blockWidth) / 2
        for (offset, line) in shown.enumerated() {
            frame.put(clip(line, from: max(0, -left), width: frame.width), row: firstRow + offset,
                      column: max(0, left), style: styles.base)
        }
    }

    /// The part of a line from column `start`, at most `width` columns.
    private func clip(_ line: String, from start: Int, width: Int) -> String {
        guard start > 0 else { return line }
        var skipped = 0
        var result = ""
        for character in line {
            if skipped < start {
                skipped += DisplayWidth.of(character)
                // A wide character cut in half by the edge leaves a blank, keeping the columns aligned.
                if skipped > start { result = " " }
                continue
            }
            result.append(character)
        }
        return result
    }

    /// In ASCII mode, every non-ASCII character is drawn as `?` so that nothing the locale cannot
    /// encode reaches the terminal.
    private func printable(_ text: String) -> String {
        guard options.ascii else { return text }
        return String(text.map { $0.isASCII ? $0 : "?" })
    }
}
