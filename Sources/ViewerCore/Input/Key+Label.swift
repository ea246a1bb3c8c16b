extension Key {
    /// How the help overlay writes this key: arrows as arrows (or their names in ASCII), other keys
    /// by name; space is left to the message catalogue, which names it in the active language.
    package func label(ascii: Bool) -> String {
        switch self {
        case .character(let character): return String(character)
        case .right: return ascii ? "Right" : "→"
        case .left: return ascii ? "Left" : "←"
        case .up: return ascii ? "Up" : "↑"
        case .down: return ascii ? "Down" : "↓"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .insert: return "Ins"
        case .delete: return "Del"
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .function(let number): return "F\(number)"
        }
    }
}
