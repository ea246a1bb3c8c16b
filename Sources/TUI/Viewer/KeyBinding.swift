/// One row of the key-binding table: an action and the keys that ask for it. The table drives
/// both the dispatch (`action(for:)`) and the help overlay (`HelpRow` names actions, and the keys
/// shown come from here), so a key is written down once.
struct KeyBinding: Sendable {
    let action: ViewerAction
    let keys: [Key]

    /// The story screen (docs/VIEWER.md, "Keys, signals, exit codes"). `Esc` quits here; with an overlay open it closes the overlay.
    /// Ctrl-C is a signal (or, under the kitty protocol, a key the model handles like the signal).
    static let story: [KeyBinding] = [
        KeyBinding(action: .next, keys: [.right, .character("l")]),
        KeyBinding(action: .previous, keys: [.left, .character("h")]),
        KeyBinding(action: .hold, keys: [.character(" ")]),
        KeyBinding(action: .togglePause, keys: [.character("p")]),
        KeyBinding(action: .nextGroup, keys: [.down]),
        KeyBinding(action: .previousGroup, keys: [.up]),
        KeyBinding(action: .first, keys: [.home, .character("g")]),
        KeyBinding(action: .last, keys: [.end, .character("G")]),
        KeyBinding(action: .storyList, keys: [.tab]),
        KeyBinding(action: .caption, keys: [.character("m"), .enter]),
        KeyBinding(action: .help, keys: [.character("?")]),
        KeyBinding(action: .reload, keys: [.character("r")]),
        KeyBinding(action: .quit, keys: [.character("q"), .escape]),
    ]

    /// The action a key asks for on the story screen, if any.
    static func action(for key: Key) -> ViewerAction? {
        story.first { $0.keys.contains(key) }?.action
    }

    /// The first letter bound to an action (what the screen names in a hint such as `… more (m)`).
    static func letter(for action: ViewerAction) -> String? {
        for case .character(let character) in keys(for: action) where character != " " { return String(character) }
        return nil
    }

    /// The keys bound to an action, in table order.
    static func keys(for action: ViewerAction) -> [Key] {
        story.first { $0.action == action }?.keys ?? []
    }
}
