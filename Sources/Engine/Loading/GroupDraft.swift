/// A group being validated: what its members said so far (`DeckValidator` streams them one at a time).
struct GroupDraft {
    /// The group's 0-based index in `groups`.
    var index: Int
    /// The sanitised title, when it is a string.
    var title: String?
    var hasTitle = false
    var hasStories = false
    /// The positions of its stories: from `firstPosition` through `lastPosition` (none when the list is empty);
    /// `firstPosition` is 0 until its list of stories starts.
    var firstPosition = 0
    var lastPosition = 0

    init(index: Int) {
        self.index = index
    }
}
