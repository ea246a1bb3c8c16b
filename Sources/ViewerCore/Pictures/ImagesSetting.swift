/// The `--images` option: how pictures are drawn.
package enum ImagesSetting: String, Sendable, CaseIterable {
    /// The best way this terminal has: kitty graphics, iTerm2's inline images or sixel where the
    /// terminal answers for one (not inside tmux or screen), else `symbols` (`GraphicsChoice`).
    case auto
    /// Forces kitty graphics, whatever the terminal answered.
    case kitty
    /// Forces sixel.
    case sixel
    /// Forces iTerm2's inline images.
    case iterm2
    /// Coloured half blocks drawn through curses, in the best colours the terminal has.
    case symbols
    /// No pictures: the alt text.
    case off

    /// The protocol this setting forces; nil for `auto`, which asks the terminal.
    package var forced: GraphicsProtocol? { GraphicsProtocol(rawValue: rawValue) }
}
