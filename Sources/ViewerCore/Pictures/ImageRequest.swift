/// A picture to convert: which file, into what box, how.
struct ImageRequest: Sendable, Hashable {
    /// The file's path, already resolved against the deck's folder.
    let path: String
    /// The box in cells, each within 1…`ImageLimits.maximumColumns` / `maximumRows`.
    let columns: Int
    let rows: Int
    let mode: ImageColorMode
    let fit: ImageFit
    /// What shows through transparent pixels.
    let backdrop: ImageBackdrop

    /// A request; the box is clamped to the limits (a larger terminal gets the picture centred).
    init(path: String, columns: Int, rows: Int, mode: ImageColorMode, fit: ImageFit = .contain,
         backdrop: ImageBackdrop = .unknown()) {
        self.path = path
        self.columns = min(max(columns, 1), ImageLimits.maximumColumns)
        self.rows = min(max(rows, 1), ImageLimits.maximumRows)
        self.mode = mode
        self.fit = fit
        self.backdrop = backdrop
    }
}
