/// Every key of the viewer as data, one table a mode (docs/VIEWER.md, "Keys, signals, exit codes"):
/// the model dispatches through it, the help overlay, the panels' last lines and `--help` name keys
/// from it, and a documentation test holds the man page's KEYS section against it. In a table the
/// first row with a key wins, so a row added above another takes the key from it.
///
/// To change what a key does in a mode, change its row (or add one above); then add a session test
/// (`KeymapSessionTests`).
package enum Keymap {
    /// The story screen. `Esc` quits here; in a panel it closes the panel.
    package static let story: [KeyBinding] = [
        KeyBinding(.next, [.right, .character("l")], repeats: true),
        KeyBinding(.previous, [.left, .character("h")], repeats: true),
        KeyBinding(.hold, [.character(" ")], repeats: true),
        KeyBinding(.togglePause, [.character("p")]),
        KeyBinding(.nextGroup, [.down]),
        KeyBinding(.previousGroup, [.up]),
        KeyBinding(.first, [.home, .character("g")]),
        KeyBinding(.last, [.end, .character("G")]),
        KeyBinding(.storyList, [.tab]),
        KeyBinding(.caption, [.character("m"), .enter]),
        KeyBinding(.help, [.character("?")]),
        KeyBinding(.reload, [.character("r")]),
        KeyBinding(.quit, [.character("q"), .escape]),
    ]

    /// The help overlay.
    package static let help: [KeyBinding] = [
        KeyBinding(.close, [.escape, .character("?")]),
        KeyBinding(.quit, [.character("q")]),
    ] + scrolling

    /// The whole caption.
    package static let caption: [KeyBinding] = [
        KeyBinding(.close, [.escape, .character("m")], unnamed: [.enter]),
        KeyBinding(.quit, [.character("q")]),
    ] + scrolling

    /// The story list: the scrolling keys move the selection.
    package static let storyList: [KeyBinding] = [
        KeyBinding(.choose, [.enter]),
        KeyBinding(.close, [.escape, .tab]),
        KeyBinding(.quit, [.character("q")]),
    ] + scrolling

    /// How every panel scrolls (the list moves its selection so).
    package static let scrolling: [KeyBinding] = [
        KeyBinding(.lineDown, [.down, .character("j")], repeats: true),
        KeyBinding(.lineUp, [.up, .character("k")], repeats: true),
        KeyBinding(.pageDown, [.pageDown], unnamed: [.character(" ")], repeats: true),
        KeyBinding(.pageUp, [.pageUp], repeats: true),
        KeyBinding(.top, [.home, .character("g")]),
        KeyBinding(.bottom, [.end, .character("G")]),
    ]

    /// Keys with Ctrl, in every mode. A terminal turns them into signals; under the kitty keyboard
    /// protocol they arrive as keys and do what the signals do.
    package static let control: [KeyBinding] = [
        KeyBinding(.interrupt, [.character("c")], repeats: true),
        KeyBinding(.suspend, [.character("z")], repeats: true),
        KeyBinding(.abort, [.character("\\")], repeats: true),
    ]

    /// A mode's table.
    package static func bindings(in mode: KeyMode) -> [KeyBinding] {
        switch mode {
        case .story: return story
        case .help: return help
        case .caption: return caption
        case .storyList: return storyList
        }
    }

    /// The row that answers `key` in `mode`, or nil.
    package static func binding(for key: Key, in mode: KeyMode) -> KeyBinding? {
        bindings(in: mode).first { $0.matches(key) }
    }

    /// The action `key` asks for in `mode`, or nil.
    package static func action(for key: Key, in mode: KeyMode = .story) -> ViewerAction? {
        binding(for: key, in: mode)?.action
    }

    /// The named keys that ask for `action` in `mode`, in table order; a key an earlier row takes is left out.
    package static func keys(for action: ViewerAction, in mode: KeyMode = .story) -> [Key] {
        let table = control.contains { $0.action == action } ? control : bindings(in: mode)
        guard let row = table.firstIndex(where: { $0.action == action }) else { return [] }
        return table[row].keys.filter { key in !table[..<row].contains { $0.matches(key) } }
    }

    /// The first letter bound to an action on the story screen (what the screen names in a hint such as `… more (m)`).
    package static func letter(for action: ViewerAction) -> String? {
        for case .character(let character) in keys(for: action) where character != " " { return String(character) }
        return nil
    }

    /// A key of `control` as people write it: `Ctrl-C`.
    package static func controlLabel(_ key: Key) -> String {
        "Ctrl-" + key.label(ascii: true).uppercased()
    }
}
