import Engine

/// What a key or a control line can ask of the viewer, whatever key or word it is: `Keymap` maps
/// keys to these, mode by mode, `ControlCommand` maps words, and the help overlay lists them.
package enum ViewerAction: Sendable, Hashable, CaseIterable {
    case next, previous, nextGroup, previousGroup, first, last
    /// Space: held pauses while held, tapped toggles the pause.
    case hold
    case togglePause
    /// Only from a control line: pause, or resume, whatever the state.
    case pause, resume
    case storyList
    /// The whole caption in a scrollable panel.
    case caption
    case help
    case reload
    case quit
    /// Ctrl-C as a key: what SIGINT does (exit 130). Ctrl-Z: what SIGTSTP does. Ctrl-\: what SIGQUIT does (exit 131).
    case interrupt, suspend, abort
    /// In a panel: close it; in the story list, jump to the selected story.
    case close, choose
    /// In a panel: scroll (the list: move the selection) a line, a page (less one line), to either end.
    case lineDown, lineUp, pageDown, pageUp, top, bottom

    /// The playback input of a navigation action.
    package var navigation: PlaybackInput? {
        switch self {
        case .next: return .next
        case .previous: return .previous
        case .nextGroup: return .nextGroup
        case .previousGroup: return .previousGroup
        case .first: return .first
        case .last: return .last
        default: return nil
        }
    }
}
