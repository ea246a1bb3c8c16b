/// A width and a height in pixels (a cell, a window, sixel's largest picture).
package struct PixelSize: Sendable, Hashable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Whether both sides are at least one pixel (terminals answer 0 for what they do not know).
    package var isKnown: Bool { width > 0 && height > 0 }
}
