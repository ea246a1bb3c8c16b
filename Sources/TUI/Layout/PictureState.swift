/// Where the current story's picture is: what the layout draws in the image box
/// (`ScreenLayout.imageBox(for:width:height:)`).
enum PictureState: Sendable, Equatable {
    /// Being converted: the alt text stands where the picture will be.
    case pending
    /// Converted for the current box: drawn centred in it.
    case ready(ImageCells)
    /// It cannot be shown (pictures off, no colour, a file that cannot be read…): the alt text,
    /// and under it why, in the words of the catalogue.
    case unavailable(String)
}
