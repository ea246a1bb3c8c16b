import Testing
@testable import TUI
@testable import ViewerCore

/// The nearest colour a terminal has to a deck's `#RRGGBB`.
@Suite
struct ColorPaletteTests {
    @Test("256 colours: a colour with a hue keeps it (navy stays blue), a grey stays grey, the user's 16 are avoided")
    func nearest256() {
        let navy = Int(ColorPalette.nearestIndex(to: (0x0B, 0x1D, 0x3A), among: 256))
        let (red, green, blue) = ColorPalette.rgb(ofIndex: navy)
        #expect(blue > red && blue > green, "navy became \(navy) = \((red, green, blue))")
        let grey = Int(ColorPalette.nearestIndex(to: (0x80, 0x80, 0x80), among: 256))
        #expect(grey >= 232 || (grey >= 16 && (grey - 16) % 43 == 0), "grey became \(grey)")
        for value in stride(from: 0, through: 255, by: 17) {
            #expect(ColorPalette.nearestIndex(to: (UInt8(value), 0, UInt8(255 - value)), among: 256) >= 16)
        }
    }

    @Test("8 and 16 colours: the basic colours themselves")
    func nearestBasic() {
        #expect(ColorPalette.nearestIndex(to: (230, 10, 10), among: 8) == 1)
        #expect(ColorPalette.nearestIndex(to: (250, 250, 250), among: 16) == 15)
        #expect(ColorPalette.nearestIndex(to: (0, 0, 0), among: 8) == 0)
    }
}
