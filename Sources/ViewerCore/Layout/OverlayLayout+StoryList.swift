import Engine

/// The story list: every story under its group header, each with a mark for the current one and
/// for those seen to their end, its number, a preview and its duration; the selection highlighted
/// and kept in view. Only the rows on screen are built, so 100 000 stories cost no more than ten.
extension OverlayLayout {
    /// Widest story list panel, in columns: room for long previews, narrow enough to read.
    package static let storyListWidth = 64
    /// Keys that close the list, as its last line names them (`Keymap`).
    package static let storyListCloseKeys: [Key] = Keymap.keys(for: .close, in: .storyList)

    /// Where the list goes on a screen.
    package func storyListPanel(deck: Deck, width: Int, height: Int) -> Panel? {
        Panel.place(contentWidth: Self.storyListWidth, maxWidth: Self.storyListWidth, screenWidth: width,
                    screenHeight: height, separator: footerSeparator,
                    lineCount: { _ in StoryListRows(deck: deck).count }) { scrolls in
            messages.panelFooter(closeKeys: closeKeys(Self.storyListCloseKeys), scrolls: scrolls, list: true,
                                 ascii: options.ascii)
        }
    }

    /// The first row shown when `selection` is selected: the selection as near the middle as the list allows.
    package func storyListScroll(deck: Deck, selection: Int, panel: Panel) -> Int {
        panel.clamp(StoryListRows(deck: deck).row(ofStory: selection) - panel.visibleLines / 2)
    }

    /// The story a click at a screen position picks, if it hit a story's row.
    package func story(atRow row: Int, column: Int, deck: Deck, selection: Int, width: Int, height: Int) -> Int? {
        guard let panel = storyListPanel(deck: deck, width: width, height: height),
              let line = panel.line(atRow: row, column: column,
                                    scroll: storyListScroll(deck: deck, selection: selection, panel: panel)),
              case .story(let index) = StoryListRows(deck: deck).entry(at: line) else { return nil }
        return index
    }

    /// Draws the list over the story.
    package func drawStoryList(state: ViewState, selection: Int, into frame: inout Frame, styles: ThemeStyles) {
        let deck = state.deck
        guard let panel = storyListPanel(deck: deck, width: frame.width, height: frame.height) else { return }
        let rows = StoryListRows(deck: deck)
        let scroll = storyListScroll(deck: deck, selection: selection, panel: panel)
        draw(panel, title: messages.storyListTitle, scroll: scroll, into: &frame, styles: styles) { row in
            switch rows.entry(at: row) {
            case .group(let index):
                return [(shown(deck.groups[index].title), styles.title)]
            case .story(let index):
                return storyRow(index, state: state, selected: index == selection, width: panel.innerWidth,
                                styles: styles)
            }
        }
    }

    /// One story's row: `▶ ✓ 12. Preview…   5s`, exactly `width` columns.
    private func storyRow(_ index: Int, state: ViewState, selected: Bool, width: Int, styles: ThemeStyles) -> [Span] {
        let deck = state.deck
        let story = deck.stories[index]
        let numberWidth = String(deck.stories.count).count
        let number = String(index + 1)
        let current = index == state.currentIndex ? (options.ascii ? ">" : "▶") : " "
        let seen = state.seen.contains(story.id) ? (options.ascii ? "*" : "✓") : " "
        let indent = deck.hasGroups ? "  " : ""
        let padding = String(repeating: " ", count: numberWidth - number.count)
        let lead = "\(current) \(seen) \(indent)" + padding + number + ". "
        let duration = shown(messages.duration(state.duration(ofStory: index)))
        let preview = StoryPreview(story, messages: messages)
        let room = max(0, width - DisplayWidth.of(lead) - DisplayWidth.of(duration) - 2)
        let text = TextWrapper.truncate(shown(preview.text), width: room, ellipsis: ellipsis)
        let gap = String(repeating: " ", count: max(0, width - DisplayWidth.of(lead) - DisplayWidth.of(text)
                                                    - DisplayWidth.of(duration)))
        if selected { return [(lead + text + gap + duration, styles.selected)] }
        var markStyle = styles.accent
        markStyle.bold = true
        return [(String(current), markStyle), (" ", styles.base), (seen, styles.muted),
                (String(lead.dropFirst(3)), styles.base),
                (text, preview.source == .description ? styles.muted : styles.base), (gap, styles.base),
                (duration, styles.muted)]
    }
}
