/// How a pixel picture is made for this terminal: the protocol that draws it and one cell's size in
/// pixels, which scales a box of cells to its pixels (`GraphicsChoice`).
package struct PixelFormat: Sendable, Hashable {
    /// `kitty`, `sixel` or `iterm2` (never `symbols` or `off`).
    package let graphicsProtocol: GraphicsProtocol
    package let cell: PixelSize

    package init(graphicsProtocol: GraphicsProtocol, cell: PixelSize) {
        self.graphicsProtocol = graphicsProtocol
        self.cell = cell
    }

    /// Whether the picture lies under the text (kitty's `z=-1`): it may fill the box the symbols
    /// fill; a sixel or iTerm2 picture covers the cells it is drawn on, so its box leaves the title's
    /// and the caption's rows.
    package var drawsUnderText: Bool { graphicsProtocol == .kitty }
}
