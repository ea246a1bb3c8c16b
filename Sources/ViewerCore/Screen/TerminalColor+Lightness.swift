/// How light a colour looks, to choose text that reads on it.
extension TerminalColor {
    /// Whether text on this background reads better dark than light (xterm's palette stands in for
    /// the 16 colours a user may have themed); nil for the terminal's own default.
    package var isLight: Bool? {
        brightness.map { $0 >= 140 }
    }

    /// Perceived brightness (ITU-R BT.601 weights), 0–255; nil for the terminal's own default.
    package var brightness: Int? {
        let rgb: (UInt8, UInt8, UInt8)
        switch self {
        case .standard: return nil
        case .indexed(let index): rgb = ColorPalette.rgb(ofIndex: Int(index))
        case .rgb(let red, let green, let blue): rgb = (red, green, blue)
        }
        return (299 * Int(rgb.0) + 587 * Int(rgb.1) + 114 * Int(rgb.2)) / 1000
    }
}
