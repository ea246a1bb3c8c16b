import Engine

/// Everything the layout needs to draw one frame: a snapshot, so that layout stays a pure function.
package struct ViewState: Sendable, Equatable {
    package var deck: Deck
    /// Index of the story shown, in `deck.stories`.
    package var currentIndex: Int
    /// How much of the current story has played, in [0, 1].
    package var progress: Double
    /// False with `--no-autoplay`: the current segment is drawn in its own pattern, as there is no timer.
    package var autoplay = true
    /// Paused in any way (the second row says so in words).
    package var paused = false
    /// A hold has lasted over 0.25 s: title and caption hide so the art shows whole.
    package var hidesText = false
    /// An open overlay, drawn over the story.
    package var overlay: Overlay?
    /// A notice at the bottom (the first problem of a deck that failed to reload), wrapped.
    package var notice: String?
    /// Whole seconds left of the leeway, while it runs (the second row counts down).
    package var countdown: Int?
    /// The current story's picture, or nil when it has none.
    package var picture: PictureState?
    /// The story's own colours (its keys, else the deck's).
    package var colors = StoryColors()
    /// Ids of the stories seen to their end (this run and earlier ones); filled only while the
    /// story list is open, the one place that shows them.
    package var seen: Set<String> = []
    /// `--duration`: seconds for stories that set none, over the deck's default (the list shows durations).
    package var defaultDuration: Double?

    /// Whether `other` draws the same frame but for the bar: every field equal except `progress`.
    /// Compared field by field, without the copy that setting one progress onto the other takes
    /// (a copy of the deck and the sets on every bar step); `ViewStateTests` fails when a field is
    /// added to the type but not here.
    package func differsOnlyInProgress(from other: ViewState) -> Bool {
        currentIndex == other.currentIndex && autoplay == other.autoplay && paused == other.paused
            && hidesText == other.hidesText && overlay == other.overlay && notice == other.notice
            && countdown == other.countdown && picture == other.picture && colors == other.colors
            && seen == other.seen && defaultDuration == other.defaultDuration && deck == other.deck
    }

    /// The story shown.
    package var story: Story? {
        deck.stories.indices.contains(currentIndex) ? deck.stories[currentIndex] : nil
    }

    /// Seconds the story at `index` lasts, as the playback counts them.
    package func duration(ofStory index: Int) -> Double {
        if deck.stories.indices.contains(index), let own = deck.stories[index].duration { return own }
        return deck.movingPictures[index]?.storyLength ?? defaultDuration ?? deck.defaultDuration
    }
}
