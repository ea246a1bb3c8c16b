/// The colours a terminal can show, and the nearest of them to any 24-bit colour: indexed colours
/// as the xterm palette defines them (0–15 basic and bright, 16–231 a 6×6×6 cube, 232–255 greys).
package enum ColorPalette {
    /// The RGB value of an indexed colour in the xterm palette (the first 16 as xterm's defaults;
    /// users often theme those, which is why pictures avoid them).
    package static func rgb(ofIndex index: Int) -> (UInt8, UInt8, UInt8) {
        switch index {
        case 0..<16:
            return basic[index]
        case 16..<232:
            let value = index - 16
            return (cubeLevel(value / 36), cubeLevel(value / 6 % 6), cubeLevel(value % 6))
        default:
            let grey = UInt8(clamping: 8 + 10 * (min(index, 255) - 232))
            return (grey, grey, grey)
        }
    }

    /// The index of the colour nearest to `rgb` among the first `count` (8, 16, 88 or 256):
    /// with 256 colours only 16–255 are searched, whose values the user does not theme.
    /// A colour with a hue (its channels differ by more than `chromaticSpread`) is matched against the
    /// colour cube only: the greys are often nearer by distance alone, and a navy would turn grey.
    package static func nearestIndex(to rgb: (UInt8, UInt8, UInt8), among count: Int) -> UInt8 {
        let channels = [Int(rgb.0), Int(rgb.1), Int(rgb.2)]
        let chromatic = (channels.max() ?? 0) - (channels.min() ?? 0) > chromaticSpread
        let range = count >= 256 ? 16..<(chromatic ? 232 : 256) : 0..<min(max(count, 8), 16)
        var best = range.lowerBound
        var bestDistance = Int.max
        for index in range {
            let distance = Self.distance(rgb, Self.rgb(ofIndex: index))
            if distance < bestDistance {
                bestDistance = distance
                best = index
            }
        }
        return UInt8(best)
    }

    package static let chromaticSpread = 24

    /// Squared distance weighted roughly as the eye sees (red 2, green 4, blue 3).
    package static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let red = Int(a.0) - Int(b.0), green = Int(a.1) - Int(b.1), blue = Int(a.2) - Int(b.2)
        return 2 * red * red + 4 * green * green + 3 * blue * blue
    }

    private static func cubeLevel(_ step: Int) -> UInt8 { step == 0 ? 0 : UInt8(55 + 40 * step) }

    private static let basic: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255),
        (255, 255, 255),
    ]
}
