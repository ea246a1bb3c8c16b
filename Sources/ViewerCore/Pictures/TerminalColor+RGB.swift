extension TerminalColor {
    /// The colour as 0xRRGGBB: RGB as is, indexed colours as xterm's default palette has them
    /// (0–15 the basic colours, 16–231 the 6×6×6 cube, 232–255 the greys), and the terminal's own
    /// colour, which a program cannot know, as `standard` (black: the dark theme's guess).
    package func rgbValue(standard: UInt32 = 0x000000) -> UInt32 {
        switch self {
        case .standard:
            return standard
        case let .rgb(red, green, blue):
            return UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        case let .indexed(index):
            return Self.xtermPalette(Int(index))
        }
    }

    private static let basicColors: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]
    private static let cubeLevels: [UInt32] = [0, 95, 135, 175, 215, 255]

    private static func xtermPalette(_ index: Int) -> UInt32 {
        if index < 16 { return basicColors[index] }
        if index < 232 {
            let cube = index - 16
            return cubeLevels[cube / 36] << 16 | cubeLevels[cube / 6 % 6] << 8 | cubeLevels[cube % 6]
        }
        let grey = UInt32(8 + (index - 232) * 10)
        return grey << 16 | grey << 8 | grey
    }
}
