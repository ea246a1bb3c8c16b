import Engine

/// Row 1: the title (bold) on the left; on the right the leeway's countdown, `Paused`, the group
/// title and `n/m`. The countdown, `Paused` and the position are never cut; the group title gets
/// at most half the row and the story title what is left. Each part stands on a one-column
/// backdrop of the theme's colours, so that it reads over a picture.
extension ScreenLayout {
    /// Columns between the parts on the right.
    package static let headerGap = 2

    package func drawHeader(for state: ViewState, into frame: inout Frame, styles: ThemeStyles, showsTitle: Bool) {
        let deck = state.deck
        let range = deck.segmentRange(ofStory: state.currentIndex)
        let available = frame.width - 2 * Self.margin
        let position = "\(state.currentIndex - range.lowerBound + 1)/\(range.count)"
        var lead: [OverlayLayout.Span] = []
        if let seconds = state.countdown { lead.append((shown(messages.startsIn(seconds: seconds)), styles.accent)) }
        if state.paused { lead.append((shown(messages.paused), styles.selected)) }
        var fixed = DisplayWidth.of(position) + lead.reduce(0) { $0 + DisplayWidth.of($1.text) + Self.headerGap }
        var right: [OverlayLayout.Span] = []
        if let group = deck.groupIndex(ofStory: state.currentIndex) {
            let separator = options.ascii ? " - " : " · "
            fixed += DisplayWidth.of(separator)
            let room = min(available / 2, available - fixed - 4)
            if room >= 4 {
                let title = TextWrapper.truncate(shown(deck.groups[group].title), width: room, ellipsis: ellipsis)
                right = [(title + separator, styles.muted)]
            }
        }
        right.append((position, styles.accent))
        var parts = lead.flatMap { [$0, (String(repeating: " ", count: Self.headerGap), styles.base)] } + right
        // On a very narrow row the parts on the left of the right side give way first.
        while parts.count > 1, parts.reduce(0, { $0 + DisplayWidth.of($1.text) }) > available { parts.removeFirst() }
        let rightWidth = parts.reduce(0) { $0 + DisplayWidth.of($1.text) }
        var column = frame.width - Self.margin - rightWidth
        frame.fillRow(Self.headerRow, from: column - 1, to: frame.width, style: styles.base)
        for part in parts {
            column = frame.put(TextWrapper.truncate(part.text, width: available, ellipsis: ellipsis),
                               row: Self.headerRow, column: max(Self.margin, column), style: part.style)
        }
        guard showsTitle, let title = state.story?.title else { return }
        let room = available - rightWidth - 2
        let line = TextWrapper.truncate(shown(title), width: max(0, room), ellipsis: ellipsis)
        guard !line.isEmpty else { return }
        frame.fillRow(Self.headerRow, from: 0, to: Self.margin + DisplayWidth.of(line) + 1, style: styles.base)
        frame.put(line, row: Self.headerRow, column: Self.margin, style: styles.title)
    }
}
