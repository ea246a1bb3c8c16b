import Engine

/// The whole-caption panel: the caption of the current story wrapped as on the story screen
/// (whitespace kept), scrolled; titled with the story's title.
extension OverlayLayout {
    /// Widest caption panel: a comfortable measure for reading.
    package static let captionWidth = 72
    /// Most wrapped lines the panel reads, so that a 16 MiB caption costs a bounded amount per frame.
    package static let captionLineLimit = 10_000
    /// Keys that close the caption panel, as its last line names them (`Keymap`).
    package static let captionCloseKeys: [Key] = Keymap.keys(for: .close, in: .caption)

    /// The caption's lines at an inner width (the last one ends with `…` past the limit).
    package func captionLines(_ caption: String, width: Int) -> [String] {
        TextWrapper.wrap(shown(caption), width: width, maxLines: Self.captionLineLimit, ellipsis: ellipsis)
    }

    /// Where the caption panel goes on a screen.
    package func captionPanel(for story: Story, width: Int, height: Int) -> Panel? {
        let caption = story.caption ?? ""
        var widest = 0
        for paragraph in caption.split(separator: "\n", omittingEmptySubsequences: false) {
            widest = max(widest, DisplayWidth.of(paragraph.prefix(Self.captionWidth)))
            if widest >= Self.captionWidth { break }
        }
        return Panel.place(contentWidth: widest, maxWidth: Self.captionWidth, screenWidth: width, screenHeight: height,
                           separator: footerSeparator,
                           lineCount: { captionLines(caption, width: $0).count }) { scrolls in
            messages.panelFooter(closeKeys: closeKeys(Self.captionCloseKeys), scrolls: scrolls, ascii: options.ascii)
        }
    }

    /// Draws the current story's caption, scrolled down by `scroll` lines.
    package func drawCaption(of story: Story, scroll: Int, into frame: inout Frame, styles: ThemeStyles) {
        guard let panel = captionPanel(for: story, width: frame.width, height: frame.height) else { return }
        let lines = captionLines(story.caption ?? "", width: panel.innerWidth)
        draw(panel, title: story.title ?? messages.captionTitle, scroll: scroll, into: &frame, styles: styles) {
            [(lines[$0], styles.caption)]
        }
    }
}
