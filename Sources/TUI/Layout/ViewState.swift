import Engine

/// Everything the layout needs to draw one frame: a snapshot, so that layout stays a pure function.
struct ViewState: Sendable, Equatable {
    var deck: Deck
    /// Index of the story shown, in `deck.stories`.
    var currentIndex: Int
    /// How much of the current story has played, in [0, 1].
    var progress: Double
    /// False with `--no-autoplay`: the current segment is drawn full, as there is no timer.
    var autoplay = true
    /// Paused in any way (the second row says so in words).
    var paused = false
    /// A hold has lasted over 0.25 s: title and caption hide so the art shows whole.
    var hidesText = false
    /// An open overlay, drawn over the story.
    var overlay: Overlay?
    /// The current story's picture, or nil when it has none.
    var picture: PictureState?
    /// A one-line notice at the bottom (for example the first error of a deck that became invalid).
    var notice: String?

    /// The story shown.
    var story: Story? {
        deck.stories.indices.contains(currentIndex) ? deck.stories[currentIndex] : nil
    }
}
