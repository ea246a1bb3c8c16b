/// How a pixel picture is made for this terminal: the protocol that draws it, one cell's size in
/// pixels, which scales a box of cells to its pixels (`GraphicsChoice`), and for sixel the colour
/// registers its palette may use.
package struct PixelFormat: Sendable, Hashable {
    /// The colour registers a sixel palette uses: what XTSMGRAPHICS reported, within these; 256 when it
    /// did not answer (what sixel terminals have at least in practice; xterm -ti vt340 reports 1024).
    package static let sixelRegisters = 2...256

    /// `kitty`, `sixel` or `iterm2` (never `symbols` or `off`).
    package let graphicsProtocol: GraphicsProtocol
    package let cell: PixelSize
    /// The colour registers a sixel may use (`sixelRegisters`; unused by the other protocols).
    package let registers: Int
    /// How a kitty picture's data goes to the terminal: the helper makes it for that (base64 chunks, or the
    /// bare data for a temporary file: `PixelPayload`); `.direct` for the other protocols.
    package let kittyTransmission: KittyTransmission

    package init(graphicsProtocol: GraphicsProtocol, cell: PixelSize, registers: Int? = nil,
                 kittyTransmission: KittyTransmission = .direct) {
        self.graphicsProtocol = graphicsProtocol
        self.cell = cell
        self.kittyTransmission = graphicsProtocol == .kitty ? kittyTransmission : .direct
        self.registers = min(Self.sixelRegisters.upperBound,
                             max(Self.sixelRegisters.lowerBound, registers ?? Self.sixelRegisters.upperBound))
    }

    /// Whether the picture lies under the text (kitty's `z=-1`): it may fill the box the symbols
    /// fill; a sixel or iTerm2 picture covers the cells it is drawn on, so its box leaves the title's
    /// and the caption's rows.
    package var drawsUnderText: Bool { graphicsProtocol == .kitty }
}
