/// A picture to convert: which file, into what box, how.
package struct ImageRequest: Sendable, Hashable {
    /// The file's path, already resolved against the deck's folder.
    package let path: String
    /// The box in cells, each within 1…`ImageLimits.maximumColumns` / `maximumRows`.
    package let columns: Int
    package let rows: Int
    package let mode: ImageColorMode
    package let fit: ImageFit
    /// What shows through transparent pixels.
    package let backdrop: ImageBackdrop
    /// The terminal's pixels to draw it in (kitty, sixel, iTerm2); nil for symbols in `mode`.
    package let pixels: PixelFormat?

    /// A request; the box is clamped to the limits (a larger terminal gets the picture centred).
    package init(path: String, columns: Int, rows: Int, mode: ImageColorMode, fit: ImageFit = .contain,
         backdrop: ImageBackdrop = .unknown(), pixels: PixelFormat? = nil) {
        self.path = path
        self.columns = min(max(columns, 1), ImageLimits.maximumColumns)
        self.rows = min(max(rows, 1), ImageLimits.maximumRows)
        self.mode = mode
        self.fit = fit
        self.backdrop = backdrop
        self.pixels = pixels
    }
}
