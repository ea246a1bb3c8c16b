/// The help panel: every key from the key-binding table and what it does, wrapped under its key
/// column, scrolled when it does not fit; its last line says how to close it and how to quit.
extension OverlayLayout {
    /// Widest help panel: room for a key column and a readable description.
    package static let helpWidth = 72
    /// Keys that close the help, as its last line names them (`Keymap`).
    package static let helpCloseKeys: [Key] = Keymap.keys(for: .close, in: .help)

    /// One line of the help: the keys (on the first line of an entry only) and a piece of description.
    package struct HelpLine: Equatable {
        package var keys: String
        package var text: String
    }

    /// The help's lines at an inner width: each description wrapped beside its keys in a key
    /// column of at most a third of the width; keys wider than that (or every key, when the panel
    /// is too narrow for two columns) stand on their own line with the description indented under them.
    package func helpLines(width: Int) -> [HelpLine] {
        let entries = messages.helpEntries(ascii: options.ascii).map { (shown($0.keys), shown($0.action)) }
        let cap = max(8, width / 3)
        let keyWidth = entries.map { DisplayWidth.of($0.0) }.filter { $0 <= cap }.max() ?? 0
        let columns = width - keyWidth - 2 >= 16
        var lines: [HelpLine] = []
        for (keys, action) in entries {
            if columns, DisplayWidth.of(keys) <= keyWidth {
                let padded = keys + String(repeating: " ", count: keyWidth - DisplayWidth.of(keys) + 2)
                let wrapped = TextWrapper.lines(action, width: width - keyWidth - 2).lines
                for (index, piece) in wrapped.enumerated() {
                    lines.append(HelpLine(keys: index == 0 ? padded : String(repeating: " ", count: keyWidth + 2),
                                          text: piece))
                }
            } else {
                lines.append(HelpLine(keys: keys, text: ""))
                for piece in TextWrapper.lines(action, width: max(1, width - 2)).lines {
                    lines.append(HelpLine(keys: "  ", text: piece))
                }
            }
        }
        return lines
    }

    /// Where the help panel goes on a screen.
    package func helpPanel(width: Int, height: Int) -> Panel? {
        let entries = messages.helpEntries(ascii: options.ascii)
        let keyWidth = entries.map { DisplayWidth.of(shown($0.keys)) }.max() ?? 0
        let widest = entries.map { DisplayWidth.of(shown($0.action)) }.max() ?? 0
        return Panel.place(contentWidth: keyWidth + 2 + widest, maxWidth: Self.helpWidth, screenWidth: width,
                           screenHeight: height, separator: footerSeparator,
                           lineCount: { helpLines(width: $0).count }) { scrolls in
            messages.panelFooter(closeKeys: closeKeys(Self.helpCloseKeys), scrolls: scrolls, ascii: options.ascii)
        }
    }

    /// Draws the help, scrolled down by `scroll` lines (kept within its length).
    package func drawHelp(scroll: Int, into frame: inout Frame, styles: ThemeStyles) {
        guard let panel = helpPanel(width: frame.width, height: frame.height) else { return }
        let lines = helpLines(width: panel.innerWidth)
        var keyStyle = styles.accent
        keyStyle.bold = true
        draw(panel, title: messages.helpTitle, scroll: scroll, into: &frame, styles: styles) { index in
            [(lines[index].keys, keyStyle), (lines[index].text, styles.base)]
        }
    }
}
