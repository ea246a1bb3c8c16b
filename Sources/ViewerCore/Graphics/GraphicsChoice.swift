/// Which protocol draws pictures, and why (docs/IMAGES.md, "The choice"): the one table from
/// `--images`, the capabilities and the cell size in pixels to the protocol.
package struct GraphicsChoice: Sendable, Hashable {
    /// Why `protocol` was chosen.
    package enum Reason: Sendable, Hashable {
        /// `--images` named it.
        case forced
        /// `--images auto` found the terminal draws it (and nothing preferred).
        case detected
        /// Symbols: a multiplexer (tmux, screen) is in between.
        case multiplexer
        /// Symbols: the terminal draws pixels, but its cell size in pixels is unknown.
        case noCellSize
        /// Symbols: the terminal reported no pixel protocol.
        case noPixelProtocol
    }

    /// The cell size assumed when a protocol is forced and the terminal reports none (a VGA cell).
    package static let assumedCellPixels = PixelSize(width: 8, height: 16)
    /// `auto`'s order of preference among the protocols the terminal draws.
    package static let preference: [GraphicsProtocol] = [.kitty, .iterm2, .sixel]

    package let `protocol`: GraphicsProtocol
    package let reason: Reason
    /// One cell's size in pixels, to scale pixel pictures to their box (nil for symbols and off).
    package let cellPixels: PixelSize?
    /// How kitty pictures reach the terminal (`transmission(forced:capabilities:)`; nil for other protocols).
    package let kittyTransmission: KittyTransmission?

    package init(protocol graphicsProtocol: GraphicsProtocol, reason: Reason, cellPixels: PixelSize?,
                 kittyTransmission: KittyTransmission? = nil) {
        self.protocol = graphicsProtocol
        self.reason = reason
        self.cellPixels = cellPixels
        self.kittyTransmission = graphicsProtocol == .kitty ? (kittyTransmission ?? .direct) : nil
    }

    /// How a kitty picture's data goes to the terminal (docs/IMAGES.md, "Kitty pictures by file"), one table:
    ///
    /// | `STORIES_TUI_KITTY_TRANSFER` | terminal | transmission |
    /// |---|---|---|
    /// | `direct` or `file` | any | that |
    /// | auto | tmux or screen | direct |
    /// | auto | read the probe's temporary file (`OK`) | file |
    /// | auto | otherwise (an error: over ssh, a refusal; no answer) | direct |
    package static func transmission(forced: KittyTransmission?, capabilities: GraphicsCapabilities)
        -> KittyTransmission {
        if let forced { return forced }
        if capabilities.behindMultiplexer { return .direct }
        return capabilities.kittyFiles ? .file : .direct
    }

    /// The choice for `forced` (`--images kitty|iterm2|sixel|symbols|off`; nil is `auto`), with what the
    /// terminal answered and its cell size in pixels (`GraphicsCapabilities.cellPixels`).
    ///
    /// | `--images` | terminal | chosen |
    /// |---|---|---|
    /// | off, symbols | any | that |
    /// | kitty, iterm2, sixel | any | that, with the cell size or 8 × 16 |
    /// | auto | tmux or screen | symbols |
    /// | auto | no cell size in pixels | symbols |
    /// | auto | kitty answered OK | kitty |
    /// | auto | iTerm2, WezTerm or mintty by name | iterm2 |
    /// | auto | DA1 lists 4 | sixel |
    /// | auto | otherwise | symbols |
    ///
    /// A kitty choice carries its transmission (`transmission(forced:capabilities:)`, `kittyTransfer` forcing one).
    package static func choose(forced: GraphicsProtocol?, capabilities: GraphicsCapabilities,
                       cellPixels: PixelSize?, kittyTransfer: KittyTransmission? = nil) -> GraphicsChoice {
        let transmission = transmission(forced: kittyTransfer, capabilities: capabilities)
        if let forced {
            let cell = forced.drawsPixels ? (cellPixels ?? assumedCellPixels) : nil
            return GraphicsChoice(protocol: forced, reason: .forced, cellPixels: cell, kittyTransmission: transmission)
        }
        if capabilities.behindMultiplexer { return GraphicsChoice(protocol: .symbols, reason: .multiplexer, cellPixels: nil) }
        guard let found = preference.first(where: { capabilities.draws($0) }) else {
            return GraphicsChoice(protocol: .symbols, reason: .noPixelProtocol, cellPixels: nil)
        }
        guard let cellPixels, cellPixels.isKnown else {
            return GraphicsChoice(protocol: .symbols, reason: .noCellSize, cellPixels: nil)
        }
        return GraphicsChoice(protocol: found, reason: .detected, cellPixels: cellPixels, kittyTransmission: transmission)
    }
}
