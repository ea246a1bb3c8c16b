/// A width and a height in pixels (a cell, a window, sixel's largest picture).
struct PixelSize: Sendable, Hashable {
    var width: Int
    var height: Int

    /// Whether both sides are at least one pixel (terminals answer 0 for what they do not know).
    var isKnown: Bool { width > 0 && height > 0 }
}
