import Glibc
import Testing
@testable import ViewerCore

/// The core's sRGB-to-linear table (the core imports no C library for `pow`) against the formula.
@Suite("Lightness: the sRGB to linear-light table is the formula's")
struct LightnessTableTests {
    @Test("each of the 256 entries is within 1e-6 of IEC 61966-2-1's decoding")
    func tableIsTheFormula() {
        #expect(TerminalColor.linearLight.count == 256)
        for channel in 0..<256 {
            let value = Double(channel) / 255
            let expected = value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
            #expect(abs(TerminalColor.linearLight[channel] - expected) < 1e-6, "channel \(channel)")
        }
    }

    @Test("a mid blue takes black text (6.3:1), not white (3.3:1); black and white take each other")
    func choices() {
        #expect(TerminalColor.rgb(0, 144, 248).isLight == true)
        #expect(TerminalColor.rgb(0, 0, 0).isLight == false)
        #expect(TerminalColor.rgb(255, 255, 255).isLight == true)
        #expect(TerminalColor.standard.isLight == nil)
    }
}
