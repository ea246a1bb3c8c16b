import Engine

/// Keys and the mouse while a panel is open (help, story list, whole caption): panels scroll with
/// ↑↓ (j k), PgUp/PgDn, Home/End (g G) and the wheel; the list's selection moves the same way, a
/// click on a story jumps to it; a click outside a panel closes it; `q` quits from any panel.
extension ViewerModel {
    /// Lines or stories a notch of the mouse wheel moves.
    static let wheelStep = 3

    /// The panels' geometry, as the layout draws them for this terminal.
    var overlays: OverlayLayout {
        OverlayLayout(options: LayoutOptions(ascii: settings.ascii, color: true, language: settings.language))
    }

    /// The help, scrolled by `scroll`.
    mutating func handleHelp(_ key: Key, scroll: Int, at now: Double) {
        switch key {
        case .escape, .character("?"): close(at: now)
        case .character("q"): quit(code: 0, at: now)
        default:
            // Laying the panel out costs a wrap of every line: only for a key that scrolls.
            guard Self.scroll(0, by: key, page: 1, last: 0) != nil,
                  let panel = overlays.helpPanel(width: size.width, height: size.height),
                  let moved = Self.scroll(scroll, by: key, page: panel.visibleLines, last: panel.maxScroll) else {
                return
            }
            overlay = .help(scroll: moved)
        }
    }

    /// The whole caption, scrolled by `scroll`.
    mutating func handleCaption(_ key: Key, scroll: Int, at now: Double) {
        switch key {
        case .escape, .enter, .character("m"): close(at: now)
        case .character("q"): quit(code: 0, at: now)
        default:
            guard Self.scroll(0, by: key, page: 1, last: 0) != nil, let story = playback.currentStory,
                  let panel = overlays.captionPanel(for: story, width: size.width, height: size.height),
                  let moved = Self.scroll(scroll, by: key, page: panel.visibleLines, last: panel.maxScroll) else {
                return
            }
            overlay = .caption(scroll: moved)
        }
    }

    /// The story list with `selection` highlighted.
    mutating func handleList(_ key: Key, selection: Int, at now: Double) {
        switch key {
        case .enter:
            close(at: now)
            navigate(.jump(selection), at: now)
        case .escape, .tab: close(at: now)
        case .character("q"): quit(code: 0, at: now)
        default:
            let panel = overlays.storyListPanel(deck: playback.deck, width: size.width, height: size.height)
            let page = panel?.visibleLines
            guard let moved = Self.scroll(selection, by: key, page: page ?? 1,
                                          last: playback.deck.stories.count - 1) else { return }
            overlay = .storyList(selection: moved)
        }
    }

    /// A position moved by a key within `0...last`: a line, a page (less one line of overlap, at
    /// least one), or to either end; nil for a key that does not move.
    static func scroll(_ position: Int, by key: Key, page: Int, last: Int) -> Int? {
        let step = max(1, page - 1)
        let moved: Int
        switch key {
        case .down, .character("j"): moved = position + 1
        case .up, .character("k"): moved = position - 1
        case .pageDown, .character(" "): moved = position + step
        case .pageUp: moved = position - step
        case .home, .character("g"): moved = 0
        case .end, .character("G"): moved = last
        default: return nil
        }
        return min(max(0, moved), max(0, last))
    }

    /// The mouse over an open panel: the wheel scrolls (or moves the list's selection), a click on a
    /// story in the list jumps to it, a click outside the panel closes it.
    mutating func handle(_ mouse: MouseEvent, over panel: Overlay, at now: Double) {
        let step: Key
        switch mouse.action {
        case .wheelUp: step = .up
        case .wheelDown: step = .down
        case .press where mouse.button == .left:
            click(row: mouse.row, column: mouse.column, over: panel, at: now)
            return
        default: return
        }
        for _ in 0..<Self.wheelStep where overlay != nil {
            switch overlay {
            case .help(let scroll)?: handleHelp(step, scroll: scroll, at: now)
            case .caption(let scroll)?: handleCaption(step, scroll: scroll, at: now)
            case .storyList(let selection)?: handleList(step, selection: selection, at: now)
            case nil: break
            }
        }
    }

    private mutating func click(row: Int, column: Int, over panel: Overlay, at now: Double) {
        let layout = overlays
        let deck = playback.deck
        let geometry: Panel?
        switch panel {
        case .help: geometry = layout.helpPanel(width: size.width, height: size.height)
        case .caption: geometry = playback.currentStory.flatMap {
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
