import Engine

/// The rows of the story list without building them: a group header before each group's
/// stories, then one row per story. Row numbers are computed, so any row is found in
/// O(log groups).
package struct StoryListRows {
    /// What one row shows.
    package enum Entry: Equatable {
        case group(Int)
        case story(Int)
    }

    package let deck: Deck

    /// Number of rows: every story, plus a header per group.
    package var count: Int { deck.stories.count + deck.groups.count }

    /// The row of a story.
    package func row(ofStory index: Int) -> Int {
        guard let group = deck.groupIndex(ofStory: index) else { return index }
        return index + group + 1
    }

    /// What a row shows.
    package func entry(at row: Int) -> Entry {
        guard deck.hasGroups else { return .story(row) }
        // The group of a row: the last group whose header row is at or before it.
        var low = 0
        var high = deck.groups.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if deck.groups[middle].range.lowerBound + middle <= row { low = middle } else { high = middle - 1 }
        }
        let header = deck.groups[low].range.lowerBound + low
        return row == header ? .group(low) : .story(row - low - 1)
    }
}
