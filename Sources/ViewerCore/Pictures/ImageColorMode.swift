/// The colours a converted picture may use: what the terminal can show.
package enum ImageColorMode: UInt8, Sendable, Hashable, CaseIterable {
    /// 24-bit colours (`TerminalColor.rgb`).
    case truecolor = 0
    /// The colours 16–255 of the 256-colour palette: the cube and the greys. The first 16 are
    /// left alone because users theme them.
    case indexed240 = 1
    /// The 16 basic and bright colours (0–15).
    case indexed16 = 2
    /// The 8 basic colours (0–7).
    case indexed8 = 3
    /// No colour at all (NO_COLOR, `--no-color`, a monochrome terminal): the picture in symbol shapes
    /// alone by lightness, drawn in the terminal's default colours (`shapes.c`).
    case shapes = 4

    /// The colour a raw chafa colour stands for in this mode: `0xRRGGBB` in truecolour, a palette
    /// index otherwise; nil for -1 (no colour of its own) or a value the mode cannot produce.
    package func color(raw: Int32) -> TerminalColor? {
        guard raw >= 0 else { return nil }
        switch self {
        case .truecolor:
            guard raw <= 0xFF_FFFF else { return nil }
            return .rgb(UInt8(truncatingIfNeeded: raw >> 16), UInt8(truncatingIfNeeded: raw >> 8),
                        UInt8(truncatingIfNeeded: raw))
        case .indexed240: return (16...255).contains(raw) ? .indexed(UInt8(raw)) : nil
        case .indexed16: return raw < 16 ? .indexed(UInt8(raw)) : nil
        case .indexed8: return raw < 8 ? .indexed(UInt8(raw)) : nil
        case .shapes: return nil
        }
    }
}
