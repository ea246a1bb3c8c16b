/// A named run of consecutive stories, like one person's stories.
public struct StoryGroup: Sendable, Equatable {
    /// The group's title, shown on the second row and in the story list.
    public var title: String
    /// The indices of its stories in `Deck.stories`; never empty.
    public var range: Range<Int>

    /// Creates a group over a range of the deck's stories.
    public init(title: String, range: Range<Int>) {
        self.title = title
        self.range = range
    }
}
