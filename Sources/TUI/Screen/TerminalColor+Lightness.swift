import Glibc

/// How light a colour looks, to choose text that reads on it.
extension TerminalColor {
    /// Whether black text reads better on this background than white, by WCAG 2 contrast ratio
    /// against the colour's relative luminance (xterm's palette stands in for the 16 colours a user
    /// may have themed); nil for the terminal's own default. Perceived brightness would call a
    /// mid-blue such as (0, 144, 248) dark, where black reads at 6.3:1 and white at 3.3:1.
    var isLight: Bool? {
        relativeLuminance.map { luminance in
            // Contrast with black (L + 0.05) / 0.05 against with white 1.05 / (L + 0.05).
            (luminance + 0.05) * (luminance + 0.05) > 0.05 * 1.05
        }
    }

    /// WCAG 2 relative luminance, 0–1 (sRGB decoded to linear light); nil for the terminal's own default.
    var relativeLuminance: Double? {
        guard let rgb = rgbValue else { return nil }
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(rgb.0) + 0.7152 * linear(rgb.1) + 0.0722 * linear(rgb.2)
    }

    /// Perceived brightness (ITU-R BT.601 weights), 0–255; nil for the terminal's own default.
    var brightness: Int? {
        guard let rgb = rgbValue else { return nil }
        return (299 * Int(rgb.0) + 587 * Int(rgb.1) + 114 * Int(rgb.2)) / 1000
    }

    /// The colour's red, green and blue; nil for the terminal's own default.
    private var rgbValue: (UInt8, UInt8, UInt8)? {
        switch self {
        case .standard: return nil
        case .indexed(let index): return ColorPalette.rgb(ofIndex: Int(index))
        case .rgb(let red, let green, let blue): return (red, green, blue)
        }
    }
}
