/// Where a bordered panel goes (help, story list, whole caption): centred, as large as its content
/// allows within the screen, its title in the top border and its footer (how to close and quit)
/// always on its last lines inside, wrapped when the panel is narrow. Pure, so that the model asks
/// the same geometry the layout draws (how far a panel scrolls, which row a click hit).
package struct Panel: Sendable, Equatable {
    package let left: Int
    package let top: Int
    package let width: Int
    package let height: Int
    /// The first row of content, and how many content lines show at once.
    package let contentTop: Int
    package let visibleLines: Int
    /// The footer, wrapped to the inner width; it sits just above the bottom border.
    package let footer: [String]
    /// How many content lines there are in all.
    package let lineCount: Int

    /// Columns between the border and the content, on each side.
    package static let padding = 1
    /// From this screen height on, a blank row separates the content from the borders and footer.
    package static let roomyHeight = 16

    /// First content column and content width.
    package var innerLeft: Int { left + 1 + Self.padding }
    package var innerWidth: Int { max(0, width - 2 - 2 * Self.padding) }
    /// The largest scroll that still fills the panel.
    package var maxScroll: Int { max(0, lineCount - visibleLines) }
    /// Whether the content is longer than the panel.
    package var scrolls: Bool { lineCount > visibleLines }

    /// Places a panel for content at most `contentWidth` columns wide, at most `maxWidth` columns
    /// in all, on a screen. `lineCount` says how many lines the content takes at an inner width;
    /// `footer(scrolls)` is the footer's parts (joined by `separator`, wrapped between parts), which
    /// name scrolling only when the content does not fit. Nil when the screen has no room for a panel.
    package static func place(contentWidth: Int, maxWidth: Int, screenWidth: Int, screenHeight: Int,
                      separator: String, lineCount: (Int) -> Int, footer: (Bool) -> [String]) -> Panel? {
        let width = min(screenWidth, maxWidth, max(contentWidth, 10) + 2 + 2 * padding)
        guard width >= 3 + 2 * padding, screenHeight >= 3 else { return nil }
        let inner = width - 2 - 2 * padding
        let count = lineCount(inner)
        let gap = screenHeight >= roomyHeight ? 1 : 0
        func panel(scrolls: Bool) -> Panel {
            let footerLines = Array(TextWrapper.join(footer(scrolls), separator: separator, width: inner)
                .prefix(max(1, screenHeight - 3)))
            let chrome = 2 + footerLines.count + 2 * gap
            let height = min(screenHeight, count + chrome)
            let top = (screenHeight - height) / 2
            return Panel(left: (screenWidth - width) / 2, top: top, width: width, height: height,
                         contentTop: top + 1 + gap, visibleLines: max(0, height - chrome), footer: footerLines,
                         lineCount: count)
        }
        let plain = panel(scrolls: false)
        return plain.scrolls ? panel(scrolls: true) : plain
    }

    /// `scroll` kept within what the content allows.
    package func clamp(_ scroll: Int) -> Int { min(max(0, scroll), maxScroll) }

    /// The content line at a screen row, if the row shows one.
    package func line(atRow row: Int, column: Int, scroll: Int) -> Int? {
        guard column > left, column < left + width - 1, row >= contentTop, row < contentTop + visibleLines else {
            return nil
        }
        let line = clamp(scroll) + row - contentTop
        return line < lineCount ? line : nil
    }

    /// Whether a screen position is on the panel (border included).
    package func contains(row: Int, column: Int) -> Bool {
        row >= top && row < top + height && column >= left && column < left + width
    }
}
