import Engine

/// Panels (help, story list, whole caption): they scroll as their `Keymap` table's scrolling actions
/// and the wheel ask; the list's selection moves the same way, a click on a story jumps to it; a
/// click outside a panel closes it.
extension ViewerModel {
    /// Lines or stories a notch of the mouse wheel moves.
    package static let wheelStep = 3

    /// The panels' geometry, as the layout draws them for this terminal.
    package var overlays: OverlayLayout {
        OverlayLayout(options: settings.layout)
    }

    /// Scrolls the open panel (the list: moves its selection) as `action` asks.
    package mutating func scroll(_ action: ViewerAction) {
        switch overlay {
        case .help(let scroll)?:
            // Laying the panel out costs a wrap of every line: only for an action that scrolls.
            guard let panel = overlays.helpPanel(width: size.width, height: size.height),
                  let moved = Self.scroll(scroll, by: action, page: panel.visibleLines, last: panel.maxScroll) else { return }
            overlay = .help(scroll: moved)
        case .caption(let scroll)?:
            guard let story = playing.playback.currentStory,
                  let panel = overlays.captionPanel(for: story, width: size.width, height: size.height),
                  let moved = Self.scroll(scroll, by: action, page: panel.visibleLines, last: panel.maxScroll) else { return }
            overlay = .caption(scroll: moved)
        case .storyList(let selection)?:
            let panel = overlays.storyListPanel(deck: playing.playback.deck, width: size.width, height: size.height)
            guard let moved = Self.scroll(selection, by: action, page: panel?.visibleLines ?? 1,
                                          last: playing.playback.deck.stories.count - 1) else { return }
            overlay = .storyList(selection: moved)
        case nil: break
        }
    }

    /// A position moved by an action within `0...last`: a line, a page (less one line of overlap, at
    /// least one), or to either end; nil for an action that does not scroll.
    package static func scroll(_ position: Int, by action: ViewerAction, page: Int, last: Int) -> Int? {
        let step = max(1, page - 1)
        let moved: Int
        switch action {
        case .lineDown: moved = position + 1
        case .lineUp: moved = position - 1
        case .pageDown: moved = position + step
        case .pageUp: moved = position - step
        case .top: moved = 0
        case .bottom: moved = last
        default: return nil
        }
        return min(max(0, moved), max(0, last))
    }

    /// The mouse over an open panel: the wheel scrolls (or moves the list's selection), a click on a
    /// story in the list jumps to it, a click outside the panel closes it.
    package mutating func handle(_ mouse: MouseEvent, over panel: Overlay, at now: Double) {
        let step: ViewerAction
        switch mouse.action {
        case .wheelUp: step = .lineUp
        case .wheelDown: step = .lineDown
        case .press where mouse.button == .left:
            click(row: mouse.row, column: mouse.column, over: panel, at: now)
            return
        default: return
        }
        for _ in 0..<Self.wheelStep { scroll(step) }
    }

    private mutating func click(row: Int, column: Int, over panel: Overlay, at now: Double) {
        let layout = overlays
        let deck = playing.playback.deck
        let geometry: Panel?
        switch panel {
        case .help: geometry = layout.helpPanel(width: size.width, height: size.height)
        case .caption: geometry = playing.playback.currentStory.flatMap {
            layout.captionPanel(for: $0, width: size.width, height: size.height)
        }
        case .storyList(let selection):
            geometry = layout.storyListPanel(deck: deck, width: size.width, height: size.height)
            if let story = layout.story(atRow: row, column: column, deck: deck, selection: selection,
                                        width: size.width, height: size.height) {
                close(at: now)
                navigate(.jump(story), at: now)
                return
            }
        }
        if geometry?.contains(row: row, column: column) != true { close(at: now) }
    }
}
