/// What decides which pictures the viewer asks for, besides the deck and the conversions it has: the
/// story shown, its moving picture's frame due, the terminal size and whether that size has settled.
/// `ViewerModel.requestPictures` runs after every update (a bar step too); while these stay the same, so does its answer, and it
/// returns before reading any story from the deck.
package struct PictureInputs: Sendable, Equatable {
    package let story: Int
    package let size: TerminalSize
    package let settled: Bool
    /// The current story's frame due (0 for a still picture).
    package var frame = 0
    /// Whether that frame is asked for as playing (`FrameQuality`): a pause asks for it again, standing.
    package var playing = false
}
