/// One row of a mode's table in `Keymap`: the keys that ask for an action, and whether a held key's
/// repeats ask again (the arrows skip quickly; `q` held quits once).
struct KeyBinding: Sendable {
    let action: ViewerAction
    /// The keys, in the order the help, the panels' last lines and the man page name them.
    let keys: [Key]
    /// Keys that ask for it too without being named (Enter closes the caption, whose footer says `m`).
    let unnamed: [Key]
    let repeats: Bool

    init(_ action: ViewerAction, _ keys: [Key], unnamed: [Key] = [], repeats: Bool = false) {
        self.action = action
        self.keys = keys
        self.unnamed = unnamed
        self.repeats = repeats
    }

    /// Whether this row answers `key`.
    func matches(_ key: Key) -> Bool { keys.contains(key) || unnamed.contains(key) }
}
