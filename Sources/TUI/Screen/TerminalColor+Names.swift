/// The 16 named colours of the deck format, and how light a colour looks.
extension TerminalColor {
    /// The names a deck may use, in palette order: `black` is 0, `bright-white` 15.
    static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta",
        "bright-cyan", "bright-white",
    ]

    /// The colour a deck names (`red`, `bright-blue`) or writes as `#RRGGBB`; nil for anything else.
    init?(deckName text: String) {
        if let index = Self.names.firstIndex(of: text) {
            self = .indexed(UInt8(index))
            return
        }
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for digit in digits.dropFirst() {
            guard let nibble = Self.hexValue(digit) else { return nil }
            value = value << 4 | nibble
        }
        self = .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    private static func hexValue(_ digit: UInt8) -> UInt32? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(digit - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(digit - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// Whether text on this background reads better dark than light (xterm's palette stands in for
    /// the 16 colours a user may have themed); nil for the terminal's own default.
    var isLight: Bool? {
        let rgb: (UInt8, UInt8, UInt8)
        switch self {
        case .standard: return nil
        case .indexed(let index): rgb = ColorPalette.rgb(ofIndex: Int(index))
        case .rgb(let red, let green, let blue): rgb = (red, green, blue)
        }
        // Perceived brightness (ITU-R BT.601 weights), 0–255.
        let brightness = (299 * Int(rgb.0) + 587 * Int(rgb.1) + 114 * Int(rgb.2)) / 1000
        return brightness >= 140
    }
}
