/// Where keys are read: the story screen or one of its panels. Each has its own table in `Keymap`.
package enum KeyMode: Sendable, CaseIterable {
    case story, help, caption, storyList

    /// The mode an open panel (or none) puts keys in.
    package init(_ overlay: Overlay?) {
        switch overlay {
        case .help?: self = .help
        case .caption?: self = .caption
        case .storyList?: self = .storyList
        case nil: self = .story
        }
    }
}
