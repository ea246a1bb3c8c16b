/// A story being validated: what its members said so far (`DeckValidator` streams them one at a time).
struct StoryDraft {
    /// Where the story is.
    var location: StoryLocation
    /// The story built so far (its id is settled when it ends).
    var story = Story(id: "")
    /// The sanitised explicit id and where its value is.
    var explicitID: (id: String, line: Int32, column: Int32)?
    /// An `id` that is not a usable string: the story gets no id, and no clash is looked for.
    var idIsBroken = false
    /// Something to show, or a problem that already says why not.
    var hasContent = false
    /// An `image` or a `video` was read: the other one is a problem (`imageAndVideo`).
    var pictureKeySeen = false

    init(location: StoryLocation) {
        self.location = location
    }
}
