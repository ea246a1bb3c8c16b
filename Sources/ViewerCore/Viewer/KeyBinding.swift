/// One row of a mode's table in `Keymap`: the keys that ask for an action, and whether a held key's
/// repeats ask again (the arrows skip quickly; `q` held quits once).
package struct KeyBinding: Sendable {
    package let action: ViewerAction
    /// The keys, in the order the help, the panels' last lines and the man page name them.
    package let keys: [Key]
    /// Keys that ask for it too without being named (Enter closes the caption, whose footer says `m`).
    package let unnamed: [Key]
    package let repeats: Bool

    package init(_ action: ViewerAction, _ keys: [Key], unnamed: [Key] = [], repeats: Bool = false) {
        self.action = action
        self.keys = keys
        self.unnamed = unnamed
        self.repeats = repeats
    }

    /// Whether this row answers `key`.
    package func matches(_ key: Key) -> Bool { keys.contains(key) || unnamed.contains(key) }
}
