import Engine

/// What a key can ask of the viewer, whatever key it is: the key-binding table maps keys to these,
/// and the help overlay lists them.
enum ViewerAction: Sendable, Hashable, CaseIterable {
    case next, previous, nextGroup, previousGroup, first, last
    /// Space: held pauses while held, tapped toggles the pause.
    case hold
    case togglePause
    case storyList
    /// The whole caption in a scrollable panel.
    case caption
    case help
    case reload
    case quit

    /// The playback input of a navigation action.
    var navigation: PlaybackInput? {
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
