import Engine

/// Draws the panels over a story (help, story list, whole caption) and tells the model their
/// geometry: how far each scrolls and what a click hits, from the same pure functions.
package struct OverlayLayout {
    package let options: LayoutOptions

    package var messages: Messages { Messages(language: options.language) }
    package var ellipsis: String { options.ascii ? "..." : "…" }

    /// A run of text in one style; a content line is a list of them.
    package typealias Span = (text: String, style: CellStyle)

    /// Text as this terminal can show it (ASCII spellings under `--ascii`).
    package func shown(_ text: String) -> String { options.ascii ? ASCIIText.transliterate(text) : text }

    /// Between the parts of a panel's footer.
    package var footerSeparator: String { options.ascii ? ", " : " · " }

    /// The keys that close a panel, as its footer names them.
    package func closeKeys(_ keys: [Key]) -> String {
        keys.map { $0.label(ascii: options.ascii) }.joined(separator: "/")
    }

    /// Draws `panel` with a title in its top border, the footer on its last lines, and content
    /// lines from `scroll` on (`line` is asked only for the lines that show); arrows in the right
    /// border say when there is more above or below.
    package func draw(_ panel: Panel, title: String, scroll: Int, into frame: inout Frame, styles: ThemeStyles,
              line: (Int) -> [Span]) {
        let border = options.ascii
            ? (h: "-", v: "|", tl: "+", tr: "+", bl: "+", br: "+", up: "^", down: "v")
            : (h: "─", v: "│", tl: "┌", tr: "┐", bl: "└", br: "┘", up: "▲", down: "▼")
        let right = panel.left + panel.width - 1
        let bottom = panel.top + panel.height - 1
        for row in panel.top...bottom {
            frame.fillRow(row, from: panel.left, to: right + 1, style: styles.base)
            frame.put(border.v, row: row, column: panel.left, style: styles.muted)
            frame.put(border.v, row: row, column: right, style: styles.muted)
        }
        let horizontal = String(repeating: border.h, count: panel.width - 2)
        frame.put(border.tl + horizontal + border.tr, row: panel.top, column: panel.left, style: styles.muted)
        frame.put(border.bl + horizontal + border.br, row: bottom, column: panel.left, style: styles.muted)
        let heading = TextWrapper.truncate(" \(shown(title)) ", width: panel.width - 2, ellipsis: ellipsis)
        frame.put(heading, row: panel.top, column: panel.left + 1, style: styles.title)
        for (offset, text) in panel.footer.enumerated() {
            frame.put(text, row: bottom - panel.footer.count + offset, column: panel.innerLeft, style: styles.muted)
        }
        let first = panel.clamp(scroll)
        for offset in 0..<min(panel.visibleLines, panel.lineCount - first) {
            var column = panel.innerLeft
            let end = panel.innerLeft + panel.innerWidth
            for span in line(first + offset) where column < end {
                let room = end - column
                let text = DisplayWidth.of(span.text) <= room
                    ? span.text : TextWrapper.truncate(span.text, width: room, ellipsis: ellipsis)
                column = frame.put(text, row: panel.contentTop + offset, column: column, style: span.style)
            }
        }
        guard panel.scrolls, panel.visibleLines > 0 else { return }
        if first > 0 { frame.put(border.up, row: panel.contentTop, column: right, style: styles.accent) }
        if first < panel.maxScroll {
            frame.put(border.down, row: panel.contentTop + panel.visibleLines - 1, column: right, style: styles.accent)
        }
    }
}
