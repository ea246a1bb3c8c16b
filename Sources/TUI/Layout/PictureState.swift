/// What the layout shows in a story's picture box (`ScreenLayout.pictureBox(width:height:)`).
enum PictureState: Sendable, Equatable {
    /// Not converted yet: the alt text at the picture's place, so nothing jumps when it arrives.
    case pending
    /// The picture as cells, drawn centred in the box.
    case ready(ImageCells)
    /// It cannot be shown (missing, undecodable, `--images off`, no colour): the alt text, or the file name.
    case unavailable
}
