/// How pictures are shown in this terminal: as symbols in a colour mode (shapes alone without colour),
/// as the terminal's own pixels (kitty, sixel, iTerm2), or as their alt text.
package enum ImagePresentation: Sendable, Hashable {
    case symbols(ImageColorMode)
    case pixels(PixelFormat)
    case altText(AltTextReason)

    /// Why pictures show their alt text.
    package enum AltTextReason: Sendable, Hashable {
        /// `--images off`.
        case turnedOff
    }

    /// What curses draws before the terminal is asked anything: `--images off` → alt text; otherwise
    /// symbols in the depth's mode: truecolour, 240, 16 or 8 colours, or shapes alone in the default
    /// colours where there is no colour (`--no-color`, NO_COLOR, a monochrome terminal). The graphics
    /// probe may then turn symbols into pixels (`GraphicsDetection.presentation(over:)`).
    package static func choose(depth: ColorDepth, setting: ImagesSetting) -> ImagePresentation {
        setting == .off ? .altText(.turnedOff) : .symbols(depth.imageMode)
    }

    /// The name the `ready` event and `--images` give it: `kitty`, `sixel`, `iterm2`, `symbols`, `off`.
    package var name: String {
        switch self {
        case .symbols: return GraphicsProtocol.symbols.rawValue
        case .pixels(let format): return format.graphicsProtocol.rawValue
        case .altText: return GraphicsProtocol.off.rawValue
        }
    }
}
