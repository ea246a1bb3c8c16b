/// Where a story sits: in a group's list, in the deck's `stories`, or in a top-level array.
///
/// Kept in 8 bytes: a deck of at most 16 MiB has fewer than 2³² of anything.
struct StoryLocation: Sendable, Equatable {
    /// The group's index plus one; 0 outside any group.
    private var storedGroup: UInt32
    private var storedIndex: UInt32

    init(group: Int?, index: Int) {
        storedGroup = group.map { UInt32(truncatingIfNeeded: $0 + 1) } ?? 0
        storedIndex = UInt32(truncatingIfNeeded: index)
    }

    /// The index of the group whose list holds the story, or nil.
    var group: Int? { storedGroup == 0 ? nil : Int(storedGroup) - 1 }
    /// The story's 0-based index in its list.
    var index: Int { Int(storedIndex) }

    /// The story's JSON path: `[2]` in a top-level array, `stories[2]`, or `groups[1].stories[2]`.
    func path(rootIsArray: Bool) -> JSONPath {
        if rootIsArray { return JSONPath.root.appending(index) }
        if let group {
            return JSONPath.root.appending("groups").appending(group).appending("stories").appending(index)
        }
        return JSONPath.root.appending("stories").appending(index)
    }
}
