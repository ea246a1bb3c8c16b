/// Why a story stopped being shown: the `reason` of an `end` event (the man page, EVENTS).
public enum EndReason: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Its duration ran out.
    case timer
    /// The user moved to the next story.
    case next
    /// The user moved to the previous story (or restarted the first one).
    case previous
    /// The user jumped: first, last, a story from the list, or `goto`.
    case jump
    /// The user moved to the next or previous group.
    case group
    /// The deck was reloaded and the story shown changed.
    case reload
    /// The user quit.
    case quit
}
