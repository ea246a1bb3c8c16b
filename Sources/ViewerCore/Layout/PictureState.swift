import Engine

/// What the layout shows in a story's picture box (`ScreenLayout.pictureBox(width:height:)`).
package enum PictureState: Sendable, Equatable {
    /// Not converted yet: the alt text at the picture's place, so nothing jumps when it arrives.
    case pending
    /// The picture as cells, drawn centred in the box.
    case ready(ImageCells)
    /// It is not drawn (`--images off`): the alt text, or the file name.
    case unavailable
    /// It cannot be shown: the alt text, and under it one dimmed line saying why (SPEC 8.4), in the
    /// words `--check` uses.
    case failed(ImageProblem)
}
