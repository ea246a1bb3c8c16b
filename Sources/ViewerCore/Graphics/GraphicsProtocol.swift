/// How pictures reach the screen (SPEC 8.1, 8.2; docs/IMAGES.md, "Pixel pictures").
///
/// Its raw values are the `--images` values that force one; `auto` is the absence of a forced one
/// (`GraphicsChoice.choose`).
package enum GraphicsProtocol: String, Sendable, Hashable, CaseIterable {
    /// The kitty graphics protocol: PNG or zlib data in APC strings, placed by id under the text.
    case kitty
    /// iTerm2's inline images (OSC 1337 File=…): iTerm2, WezTerm, mintty.
    case iterm2
    /// DEC sixel graphics in a DCS string (xterm -ti vt340, foot, WezTerm, Konsole, mlterm…).
    case sixel
    /// Coloured half blocks through curses (the conversion of SPEC 8.2).
    case symbols
    /// No picture: the alt text.
    case off

    /// Whether the terminal draws the picture's pixels itself (everything but symbols and off).
    package var drawsPixels: Bool {
        switch self {
        case .kitty, .iterm2, .sixel: return true
        case .symbols, .off: return false
        }
    }
}
