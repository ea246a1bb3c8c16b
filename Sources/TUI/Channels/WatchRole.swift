/// What one inotify watch is for: the entries whose changes count (in a watched target folder),
/// and the entries whose appearance means a missing folder on the way to a target is back.
struct WatchRole: Sendable, Equatable {
    /// Names whose creation, change, move or removal counts as a change of the deck.
    var changedNames: Set<String> = []
    /// Names of missing folders on the way to a target: when one appears, the watches are re-armed.
    var awaitedNames: Set<String> = []
    /// Every entry's change counts but hidden ones' (the folder of a folder deck).
    var everyEntry = false

    /// Whether a change of the entry `name` counts as a change of the deck.
    func counts(_ name: String) -> Bool {
        changedNames.contains(name) || (everyEntry && !name.isEmpty && !name.hasPrefix("."))
    }
}
