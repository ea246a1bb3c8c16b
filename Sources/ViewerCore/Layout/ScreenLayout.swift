import Engine

/// The pure layout (docs/VIEWER.md, "Screen"): a view state and a terminal size become a frame of cells.
/// No terminal I/O here; tests compare its frames with expected text. The parts are drawn by
/// `+Header` (row 1), `+Body` (art, text stories, captions), `+Picture` (images) and `OverlayLayout`.
package struct ScreenLayout {
    package let options: LayoutOptions

    package init(options: LayoutOptions) {
        self.options = options
    }

    /// Smallest size at which the story is drawn; below it the terminal is too small, and says so.
    package static let minimumWidth = 20
    package static let minimumHeight = 6
    /// Columns left blank at each side.
    package static let margin = 1
    /// The row of the bars, of the header, and the first row of the story's body.
    package static let barRow = 0
    package static let headerRow = 1
    package static let bodyTop = 3

    package var messages: Messages { Messages(language: options.language) }
    package var ellipsis: String { options.ascii ? "..." : "…" }

    /// The styles of a state: its theme (the story's, else the deck's) and its colours.
    package func styles(for state: ViewState) -> ThemeStyles {
        ThemeStyles(theme: state.story?.theme ?? state.deck.theme, color: options.color, colors: state.colors)
    }

    /// The styles a panel (help, story list, caption) is drawn in: the story's, or over a gradient
    /// the styles of one colour, the gradient's at the screen's middle row, with text and accent
    /// chosen for it as `paint` chooses them on a row.
    package func panelStyles(for state: ViewState, height: Int, styles: ThemeStyles) -> ThemeStyles {
        guard options.color, state.overlay != nil, let gradient = state.colors.gradient else { return styles }
        let middle = gradient.color(row: height / 2, of: height, mode: options.colorMode)
        let theme = state.story?.theme ?? state.deck.theme
        // The accent as on a painted row: one too near the colour's brightness takes the text colour.
        var accent = state.colors.accent ?? ThemeStyles.defaultAccent(on: middle, theme: theme)
        if let a = accent.brightness, let b = middle.brightness, abs(a - b) < Self.accentContrast {
            accent = ThemeStyles.textColor(on: middle)
        }
        var styles = ThemeStyles(theme: theme, color: true, colors: StoryColors(background: middle, accent: accent))
        // Dim text on a gradient's mid colour fell to about 2.5:1 (the footer, the border): undimmed there.
        styles.muted.dim = false
        return styles
    }

    /// The whole screen for a state at a size.
    package func frame(for state: ViewState, width: Int, height: Int) -> Frame {
        let styles = styles(for: state)
        var frame = Frame(width: width, height: height, fill: styles.base)
        guard width >= Self.minimumWidth, height >= Self.minimumHeight else {
            drawTooSmall(into: &frame, styles: styles)
            return frame
        }
        let body = Body(state: state, showsPicture: showsPicture(state))
        let picture = body.kind == .picture ? drawPicture(for: state, into: &frame, styles: styles) : nil
        drawBars(for: state, into: &frame, styles: styles)
        drawHeader(for: state, into: &frame, styles: styles, showsTitle: !state.hidesText && body.titleInHeader)
        // On a roomy screen a row stays free under the caption, as above the title.
        let bottom = drawNotice(state.notice, into: &frame, styles: styles) - (height >= Panel.roomyHeight ? 1 : 0)
        drawBody(body, state: state, into: &frame, bottom: bottom, styles: styles)
        if options.color, let gradient = state.colors.gradient {
            paint(gradient, into: &frame, styles: styles, theme: state.story?.theme ?? state.deck.theme,
                  ownAccent: state.colors.accent != nil, leaving: picture)
        }
        // A panel is drawn over the painted rows, in one colour of its own: see-through bands behind
        // its lines read as stripes.
        let overlays = OverlayLayout(options: options), panelStyles = self.panelStyles(for: state, height: height, styles: styles)
        switch state.overlay {
        case .help(let scroll)?:
            overlays.drawHelp(scroll: scroll, into: &frame, styles: panelStyles)
        case .storyList(let selection)?:
            overlays.drawStoryList(state: state, selection: selection, into: &frame, styles: panelStyles)
        case .caption(let scroll)?:
            if let story = state.story { overlays.drawCaption(of: story, scroll: scroll, into: &frame, styles: panelStyles) }
        case nil:
            break
        }
        // An open panel covers the story: its link is not there to click.
        if state.overlay != nil {
            frame.removeLinks()
            frame.removePictures()
        }
        if options.ascii { frame.replaceNonASCII() }
        return frame
    }

    /// The frame for `state`, reusing `previous` when it was drawn at the same size for a state
    /// that differs only in progress: then only the bar cells that moved are set again (`barStep`).
    /// Gives the same frame as `frame(for:width:height:)`.
    package func frame(for state: ViewState, width: Int, height: Int, reusing previous: (state: ViewState, frame: Frame)?)
        -> Frame {
        guard let previous, previous.frame.width == width, previous.frame.height == height,
              let step = barStep(from: previous.state, to: state, width: width, height: height) else {
            return frame(for: state, width: width, height: height)
        }
        var updated = previous.frame
        step.apply(to: &updated)
        return updated
    }

    /// The cells to set in the frame of `previous` (laid out at this size) to show `state`, when the
    /// two differ only in progress and no overlay is open; nil otherwise (lay the frame out whole).
    /// Constant work: the current segment is placed arithmetically and only the cells between the two
    /// fronts are named. Every bar glyph is ASCII under `--ascii`, so no transliteration is needed.
    /// - Parameter styles: `barStyles(for:)` of either state when the caller kept it (they are the same:
    ///   progress changes no style); computing them reads the current story from the deck.
    package func barStep(from previous: ViewState, to state: ViewState, width: Int, height: Int,
                 styles: ProgressBarLayout.Styles? = nil) -> BarStep? {
        guard state.differsOnlyInProgress(from: previous) else { return nil }
        return barStep(in: previous, to: state.progress, width: width, height: height, styles: styles)
    }

    /// The cells to set in the frame of `state` (laid out at this size) to show it at `progress`, when
    /// no overlay is open; nil otherwise. For a caller that knows nothing but progress changed.
    package func barStep(in state: ViewState, to progress: Double, width: Int, height: Int,
                 styles: ProgressBarLayout.Styles? = nil) -> BarStep? {
        guard state.overlay == nil, width >= Self.minimumWidth, height >= Self.minimumHeight else { return nil }
        let bars = bars(for: state)
        let placement = bars.currentPlacement(left: Self.margin, width: Self.barWidth(forTerminalWidth: width))
        let column = placement?.column ?? 0, segmentWidth = placement?.width ?? 0
        let eighths = bars.filledEighths(autoplay: state.autoplay, segmentWidth: segmentWidth)
        // The state as it is (no cell changes), stepped to the new progress.
        let still = BarStep(row: Self.barRow, columns: column..<column, bars: bars, segmentColumn: column,
                            segmentWidth: segmentWidth, eighthsBefore: eighths, eighthsAfter: eighths,
                            autoplay: state.autoplay, styles: styles ?? barStyles(for: state))
        return still.next(toProgress: progress)
    }

    /// The styles of a state's bar parts.
    package func barStyles(for state: ViewState) -> ProgressBarLayout.Styles { barStyles(styles(for: state)) }

    /// The bar geometry for a state, for the main loop's wake-up computation.
    package func bars(for state: ViewState) -> ProgressBarLayout {
        ProgressBarLayout(segments: state.deck.segmentRange(ofStory: state.currentIndex),
                          current: state.currentIndex,
                          progress: state.autoplay ? state.progress : 0,
                          ascii: options.ascii)
    }

    /// The box a picture is converted for: the whole area under the bars (title and caption are drawn
    /// over it), minus the margins.
    package static func pictureBox(width: Int, height: Int) -> (columns: Int, rows: Int) {
        guard width >= minimumWidth, height >= minimumHeight else { return (0, 0) }
        return (width - 2 * margin, height - 2)
    }

    /// Columns available to the bars at a terminal width.
    package static func barWidth(forTerminalWidth width: Int) -> Int { max(0, width - 2 * margin) }

    /// Text as this terminal can show it: deck text and messages alike, spelled in ASCII under `--ascii`.
    package func shown(_ text: String) -> String { options.ascii ? ASCIIText.transliterate(text) : text }

    private func drawBars(for state: ViewState, into frame: inout Frame, styles: ThemeStyles) {
        bars(for: state).draw(into: &frame, row: Self.barRow, left: Self.margin,
                              width: Self.barWidth(forTerminalWidth: frame.width), autoplay: state.autoplay,
                              styles: barStyles(styles))
    }

    /// The bar's parts in a theme's styles.
    private func barStyles(_ styles: ThemeStyles) -> ProgressBarLayout.Styles {
        ProgressBarLayout.Styles(fill: styles.bar, track: styles.track, currentTrack: styles.currentTrack,
                                 marker: styles.muted)
    }

    /// Gives each row under the bars its gradient colour (row 0 is the top colour the styles already
    /// have, so a bar step stays right): every cell on the story's background takes the row's colour,
    /// text in the base colour (or in the row's colour) the black or white that reads on it, and the
    /// theme's accent (when the story sets none) the one that reads on it, as `ThemeStyles` chooses for
    /// one colour; an accent whose brightness is too near the row's takes the row's text colour. The
    /// picture's own cells are left as they are.
    package func paint(_ gradient: BackgroundGradient, into frame: inout Frame, styles: ThemeStyles, theme: Theme, ownAccent: Bool,
               leaving picture: (rows: Range<Int>, columns: Range<Int>)?) {
        guard frame.height > 1 else { return }
        let base = styles.base, accent = styles.accent.foreground
        let backgrounds = (0..<frame.height).map { gradient.color(row: $0, of: frame.height, mode: options.colorMode) }
        let texts = Self.textColors(frame, backgrounds: backgrounds, base: base, leaving: picture)
        for row in 1..<frame.height {
            let background = backgrounds[row]
            let text = texts[row]
            let rowAccent = ThemeStyles.defaultAccent(on: background, theme: theme)
            let skipped = picture.flatMap { $0.rows.contains(row) ? $0.columns : nil }
            frame.restyleRow(row, skipping: skipped) { style in
                guard style.background == base.background else { return style }
                var painted = style
                painted.background = background
                if style.foreground == base.foreground || style.foreground == background {
                    painted.foreground = text
                } else if style.foreground == accent {
                    let shown = ownAccent ? accent : rowAccent
                    // An accent too near the row's brightness would not read there: the row's text colour.
                    let near = shown.brightness.flatMap { a in background.brightness.map { abs(a - $0) < Self.accentContrast } }
                    painted.foreground = near == true ? text : shown
                }
                return painted
            }
        }
    }

    /// The text colour of each row over a gradient: the black or white that reads on it, the same for
    /// every row of a run of rows holding text (a title, its rule and its caption, rows apart by at most
    /// one), the one whose lowest WCAG contrast
    /// over the run is higher, so that no paragraph changes colour part-way down.
    static func textColors(_ frame: Frame, backgrounds: [TerminalColor], base: CellStyle,
                           leaving picture: (rows: Range<Int>, columns: Range<Int>)?) -> [TerminalColor] {
        var colors = backgrounds.map(ThemeStyles.textColor(on:))
        func holdsText(_ row: Int) -> Bool {
            let skipped = picture.flatMap { $0.rows.contains(row) ? $0.columns : nil }
            return frame.rows[row].indices.contains { column in
                let cell = frame.rows[row][column]
                return skipped?.contains(column) != true && cell.text != " " && !cell.text.isEmpty
                    && cell.style.background == base.background && cell.style.foreground == base.foreground
            }
        }
        var row = 1
        while row < frame.height {
            guard holdsText(row) else { row += 1; continue }
            // A run goes on over one row without text: a title, its rule and its caption are one block.
            var end = row + 1
            while end < frame.height && (holdsText(end) || (end + 1 < frame.height && holdsText(end + 1))) { end += 1 }
            let luminances = backgrounds[row..<end].compactMap(\.relativeLuminance)
            if luminances.count == end - row, let darkest = luminances.min(), let lightest = luminances.max() {
                // Black reads worst on the darkest row, white on the lightest.
                let black = (darkest + 0.05) / 0.05, white = 1.05 / (lightest + 0.05)
                let color: TerminalColor = black > white ? .black : .indexed(15)
                for inRun in row..<end { colors[inRun] = color }
            }
            row = end
        }
        return colors
    }

    /// The least difference in perceived brightness (0–255) between the accent and a gradient's row for
    /// the accent to be kept there.
    package static let accentContrast = 70

    /// Below the minimum size: what is wrong and the size needed, centred: one line where the width holds
    /// it (SPEC 3: a terminal too short but wide enough), else on as many lines as the width needs (under
    /// 20 columns one line cannot hold it; one cut line each when even a word does not fit).
    private func drawTooSmall(into frame: inout Frame, styles: ThemeStyles) {
        guard frame.width > 0, frame.height > 0 else { return }
        let (width, height) = (Self.minimumWidth, Self.minimumHeight)
        let single = shown(messages.tooSmallLine(width: width, height: height, ascii: options.ascii))
        let parts = [shown(messages.tooSmall),
                     shown(messages.minimumSize(width: width, height: height, ascii: options.ascii))]
        let fitsWords = parts.allSatisfy { part in
            part.split(separator: " ").allSatisfy { DisplayWidth.of($0) <= frame.width }
        }
        var lines = DisplayWidth.of(single) <= frame.width ? [single]
            : fitsWords ? parts.flatMap { TextWrapper.lines($0, width: frame.width).lines }
            : parts.map { TextWrapper.truncate($0, width: frame.width, ellipsis: options.ascii ? "." : "…") }
        if lines.count > frame.height { lines = Array(lines.prefix(frame.height)) }
        let top = (frame.height - lines.count) / 2
        for (offset, line) in lines.enumerated() {
            let column = max(0, (frame.width - DisplayWidth.of(line)) / 2)
            frame.put(line, row: top + offset, column: column, style: offset == 0 ? styles.title : styles.base)
        }
    }

    /// A notice wraps over up to three rows at the bottom (so a reload error shows its location);
    /// returns the first row it took, the bottom of the story's body.
    private func drawNotice(_ notice: String?, into frame: inout Frame, styles: ThemeStyles) -> Int {
        guard let notice else { return frame.height }
        let maxLines = min(3, max(1, frame.height / 4))
        let lines = TextWrapper.wrap(shown(notice), width: frame.width - 2 * Self.margin, maxLines: maxLines,
                                     ellipsis: ellipsis)
        let top = frame.height - lines.count
        for (offset, line) in lines.enumerated() {
            frame.fillRow(top + offset, style: styles.base)
            frame.put(line, row: top + offset, column: Self.margin, style: styles.notice)
        }
        return top
    }
}
