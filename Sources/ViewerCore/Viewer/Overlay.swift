/// A panel drawn over the story; playback is paused while one is open.
package enum Overlay: Sendable, Equatable {
    /// The list of keys, scrolled down by `scroll` lines.
    case help(scroll: Int)
    /// Every story with its group headers; `selection` is the highlighted story's index.
    case storyList(selection: Int)
    /// The whole caption of the current story, scrolled down by `scroll` lines.
    case caption(scroll: Int)
}
