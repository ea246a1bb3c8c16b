/// A picture to convert: which file, which of its frames (a moving picture's; 0 for a still one), into
/// what box, how.
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
    /// The frame of a moving picture (GIF, WebP, video), 0-based; a still picture has only frame 0.
    package let frame: Int
    /// The terminal's pixels to draw it in (kitty, sixel, iTerm2); nil for symbols in `mode`.
    package let pixels: PixelFormat?
    /// A frame of a playing animation, converted with a lighter search (`FrameQuality`); false for a still
    /// picture and a standing frame.
    package let playing: Bool

    /// A request; the box is clamped to the limits (a larger terminal gets the picture centred).
    package init(path: String, columns: Int, rows: Int, mode: ImageColorMode, fit: ImageFit = .contain,
         backdrop: ImageBackdrop = .unknown(), frame: Int = 0, pixels: PixelFormat? = nil, playing: Bool = false) {
        self.path = path
        self.columns = min(max(columns, 1), ImageLimits.maximumColumns)
        self.rows = min(max(rows, 1), ImageLimits.maximumRows)
        self.mode = mode
        self.fit = fit
        self.backdrop = backdrop
        self.frame = max(frame, 0)
        self.pixels = pixels
        self.playing = playing && self.frame > 0
    }

    /// The same request over another backdrop (every other field kept, so a field added later is too).
    package func over(_ backdrop: ImageBackdrop) -> ImageRequest {
        ImageRequest(path: path, columns: columns, rows: rows, mode: mode, fit: fit, backdrop: backdrop, frame: frame,
                     pixels: pixels, playing: playing)
    }

    /// The same picture in the same box, at another frame, playing or standing (`FrameQuality`).
    package func at(frame: Int, playing: Bool = false) -> ImageRequest {
        ImageRequest(path: path, columns: columns, rows: rows, mode: mode, fit: fit, backdrop: backdrop, frame: frame,
                     pixels: pixels, playing: playing)
    }
}
