/// The ids of a deck's stories as they are validated, to find clashes (DECK-FORMAT.md "Ids").
///
/// Explicit ids are kept by name; default ids (a story's position) as one bit a story, and where each story list
/// starts, so that a million stories with default ids cost about 125 KB rather than a dictionary entry each.
struct StoryIDRegistry {
    /// Who holds an id: a story by its explicit id, or by its default id (its position).
    enum Owner: Equatable {
        case explicit(StoryLocation)
        case byDefault(StoryLocation)
    }

    /// Explicit ids and the story that first used each.
    private var explicit: [String: StoryLocation] = [:]
    /// Bit `p - 1` is set when the story at position `p` uses its default id.
    private var defaults: [UInt64] = []
    /// Where a story list starts: the position of its first story, and its group.
    private struct ListStart {
        let firstPosition: Int
        let group: Int?
    }

    /// Each story list in order. A struct rather than a tuple: an array of tuples makes the runtime
    /// build the tuple's type from its mangled name on first use, four times the cost of a struct's.
    private var lists: [ListStart] = []

    /// Notes that a story list starts; its first story will have position `firstPosition`.
    mutating func beginList(firstPosition: Int, group: Int?) {
        lists.append(ListStart(firstPosition: firstPosition, group: group))
    }

    /// Where the story at 1-based `position` is.
    func location(ofPosition position: Int) -> StoryLocation {
        // The last list starting at or before `position` (an empty list shares its start with the next one).
        var low = 0
        var high = lists.count
        while low < high {
            let middle = (low + high) / 2
            if lists[middle].firstPosition <= position { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return StoryLocation(group: nil, index: position - 1) }
        let list = lists[low - 1]
        return StoryLocation(group: list.group, index: position - list.firstPosition)
    }

    /// The story that holds `id`, if any.
    func owner(of id: String) -> Owner? {
        if let location = explicit[id] { return .explicit(location) }
        guard let position = StoryRecord.position(named: Array(id.utf8)), usesDefault(position) else { return nil }
        return .byDefault(location(ofPosition: position))
    }

    /// Records an explicit id (not held yet).
    mutating func claim(_ id: String, at location: StoryLocation) {
        explicit[id] = location
    }

    /// Records that the story at `position` uses its default id (not held yet).
    mutating func claimDefault(position: Int) {
        let bit = position - 1
        while defaults.count <= bit / 64 { defaults.append(0) }
        defaults[bit / 64] |= 1 << UInt64(bit % 64)
    }

    private func usesDefault(_ position: Int) -> Bool {
        let bit = position - 1
        guard bit >= 0, bit / 64 < defaults.count else { return false }
        return defaults[bit / 64] & (1 << UInt64(bit % 64)) != 0
    }
}
