/// A panel drawn over the story; playback is paused while one is open.
enum Overlay: Sendable, Equatable {
    /// The list of keys.
    case help
    /// Every story with its group headers; `selection` is the highlighted story's index.
    case storyList(selection: Int)
}
