/// A gradient `background` (docs/VIEWER.md, "Gradients"): 2 or 3 colours from the top row to the bottom
/// row, like a phone's text story. In truecolour every row has its own colour, interpolated in sRGB
/// between the two stops around it (the end rows are the stops themselves); with 256 colours each row
/// takes the nearest colour of the cube and greys, so the rows fall into bands of the nearest colours;
/// with 16 or 8 colours, where in-between colours would be other hues, the screen is cut into one band
/// a stop, each in its stop's colour (the backend shows it as the nearest the terminal has).
package struct BackgroundGradient: Sendable, Equatable {
    /// The colours top to bottom (2 or 3, as the deck allows; one would be a plain background).
    package let stops: [TerminalColor]

    package init(stops: [TerminalColor]) {
        self.stops = stops
    }

    /// The colour of row `row` of a screen of `rows` rows, in the colours of `mode`.
    package func color(row: Int, of rows: Int, mode: ImageColorMode) -> TerminalColor {
        guard let first = stops.first else { return .standard }
        guard stops.count > 1, rows > 1, row > 0 else { return first }
        let clamped = min(row, rows - 1)
        switch mode {
        case .shapes:
            // No colour at all (NO_COLOR): the layout paints none; the top colour stands for the rest.
            return first
        case .indexed16, .indexed8:
            // Equal bands, one a stop.
            return stops[min(stops.count - 1, clamped * stops.count / rows)]
        case .truecolor, .indexed240:
            if clamped == rows - 1, let last = stops.last { return last }
            let rgb = Self.interpolate(stops, at: Double(clamped) / Double(rows - 1))
            if mode == .truecolor { return .rgb(rgb.0, rgb.1, rgb.2) }
            return .indexed(ColorPalette.nearestIndex(to: rgb, among: 256))
        }
    }

    /// The sRGB colour at `position` (0 the top, 1 the bottom) between evenly spaced stops.
    package static func interpolate(_ stops: [TerminalColor], at position: Double) -> (UInt8, UInt8, UInt8) {
        let segments = Double(stops.count - 1)
        let scaled = max(0, min(1, position)) * segments
        let index = min(stops.count - 2, Int(scaled))
        let fraction = scaled - Double(index)
        let (from, to) = (rgb(of: stops[index]), rgb(of: stops[index + 1]))
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8(clamping: Int((Double(a) + (Double(b) - Double(a)) * fraction).rounded()))
        }
        return (mix(from.0, to.0), mix(from.1, to.1), mix(from.2, to.2))
    }

    /// The 24-bit value of a colour (a named one as xterm's palette has it; the default as black).
    package static func rgb(of color: TerminalColor) -> (UInt8, UInt8, UInt8) {
        switch color {
        case .standard: return (0, 0, 0)
        case .indexed(let index): return ColorPalette.rgb(ofIndex: Int(index))
        case .rgb(let red, let green, let blue): return (red, green, blue)
        }
    }
}
