import Engine

/// Draws the overlays over a story: the help panel and the story list.
struct OverlayLayout {
    let options: LayoutOptions

    private var messages: Messages { Messages(language: options.language) }
    private var ellipsis: String { options.ascii ? "..." : "…" }

    /// Widest story list panel, in columns: room for long titles, narrow enough to read.
    static let storyListWidth = 64

    /// A centred panel listing every key.
    func drawHelp(into frame: inout Frame, styles: ThemeStyles) {
        let entries = messages.helpEntries(ascii: options.ascii)
        let keyWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let lines = entries.map { entry in
            entry.keys + String(repeating: " ", count: keyWidth - DisplayWidth.of(entry.keys)) + "  " + entry.action
        }
        let contentWidth = max(DisplayWidth.of(messages.helpTitle), DisplayWidth.of(messages.helpFooter),
                               lines.map { DisplayWidth.of($0) }.max() ?? 0)
        drawPanel(into: &frame, title: messages.helpTitle, footer: messages.helpFooter, contentWidth: contentWidth,
                  lineCount: lines.count, focus: nil, styles: styles) { (lines[$0], styles.base) }
    }

    /// A panel with every story under its group header; the current story is marked, the
    /// selected one highlighted, and the list scrolls to keep the selection visible. Only the
    /// rows on screen are built, so a deck of 100 000 stories costs no more than a short one.
    func drawStoryList(into frame: inout Frame, deck: Deck, current: Int, selection: Int, styles: ThemeStyles) {
        let rows = StoryListRows(deck: deck)
        let messages = self.messages
        let marker = options.ascii ? ">" : "▶"
        let footer = options.ascii ? messages.storyListFooterASCII : messages.storyListFooter
        drawPanel(into: &frame, title: messages.storyListTitle, footer: footer, contentWidth: Self.storyListWidth - 4,
                  lineCount: rows.count, focus: rows.row(ofStory: selection), styles: styles) { row in
            switch rows.entry(at: row) {
            case .group(let index):
                return (deck.groups[index].title, styles.title)
            case .story(let index):
                let story = deck.stories[index]
                let name = story.title ?? messages.untitled(position: index + 1)
                let mark = index == current ? marker : " "
                let indent = deck.hasGroups ? "  " : ""
                return ("\(mark) \(indent)\(index + 1). \(name)", index == selection ? styles.selected : styles.base)
            }
        }
    }

    /// A bordered box centred on the screen, as large as its content allows; `line` is asked only
    /// for the rows that fit, scrolled so that row `focus` is visible.
    private func drawPanel(into frame: inout Frame, title: String, footer: String, contentWidth: Int, lineCount: Int,
                           focus: Int?, styles: ThemeStyles, line: (Int) -> (String, CellStyle)) {
        let width = min(frame.width, contentWidth + 4)
        let height = min(frame.height, lineCount + 4)
        guard width >= 3, height >= 3 else { return }
        let left = (frame.width - width) / 2
        let top = (frame.height - height) / 2
        let border = options.ascii
            ? (h: "-", v: "|", tl: "+", tr: "+", bl: "+", br: "+")
            : (h: "─", v: "│", tl: "┌", tr: "┐", bl: "└", br: "┘")
        for row in top..<(top + height) {
            for column in left..<(left + width) {
                frame.put(" ", row: row, column: column, style: styles.base)
            }
            frame.put(border.v, row: row, column: left, style: styles.base)
            frame.put(border.v, row: row, column: left + width - 1, style: styles.base)
        }
        let horizontal = String(repeating: border.h, count: width - 2)
        frame.put(border.tl + horizontal + border.tr, row: top, column: left, style: styles.base)
        frame.put(border.bl + horizontal + border.br, row: top + height - 1, column: left, style: styles.base)
        let inner = width - 4
        frame.put(TextWrapper.truncate(" \(title) ", width: width - 2, ellipsis: ellipsis), row: top, column: left + 1,
                  style: styles.title)
        frame.put(TextWrapper.truncate(" \(footer) ", width: width - 2, ellipsis: ellipsis),
                  row: top + height - 1, column: left + 1, style: styles.track)
        let visibleCount = height - 4
        guard visibleCount > 0, inner > 0 else { return }
        var first = 0
        if let focus, lineCount > visibleCount {
            first = min(max(0, focus - visibleCount / 2), lineCount - visibleCount)
        }
        for offset in 0..<min(visibleCount, lineCount - first) {
            let (text, style) = line(first + offset)
            let row = top + 2 + offset
            let clipped = TextWrapper.truncate(text, width: inner, ellipsis: ellipsis)
            if style == styles.selected {
                for column in (left + 2)..<(left + 2 + inner) { frame.put(" ", row: row, column: column, style: style) }
            }
            frame.put(clipped, row: row, column: left + 2, style: style)
        }
    }
}
