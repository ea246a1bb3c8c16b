/// The `--images` option: how pictures are drawn.
package enum ImagesSetting: String, Sendable, CaseIterable {
    /// The best way this terminal has. Today that is `symbols`; a terminal graphics protocol
    /// (kitty, sixel) may take its place where the terminal answers for one.
    case auto
    /// Coloured half blocks drawn through curses, in the best colours the terminal has.
    case symbols
    /// No pictures: the alt text.
    case off
}
