import Engine

/// What shows through a picture's transparent pixels (docs/IMAGES.md, "Transparency"): colours from
/// the picture's top row to its bottom (one: a colour; two or three: a gradient, so that a story's
/// gradient `background` plugs in), and whether the screen really shows them there.
package struct ImageBackdrop: Sendable, Hashable {
    /// 0xRRGGBB values, 1–3, evenly spread from the top row to the bottom row.
    package let colors: [UInt32]
    /// The screen paints these colours around the picture (the story's background or the light theme's):
    /// every pixel is composited over them. Otherwise `colors[0]` is what shows in the terminal's own
    /// background (its colour as it answered OSC 11, else a neutral): partly transparent pixels blend with
    /// it, and nearly transparent cells are left blank, in the terminal's default colours, which show the
    /// real thing (composited, they would be the palette's nearest colour, a box in 8 or 16 colours).
    package let isKnown: Bool

    /// The most colours a gradient has.
    package static let maximumColors = 3
    /// What partly transparent pixels blend with when the terminal's background is not known: a grey
    /// near the theme's own (a dark terminal for the dark theme; the light theme paints its own).
    package static let darkNeutral: UInt32 = 0x262626
    package static let lightNeutral: UInt32 = 0xE4E4E4

    private init(colors: [UInt32], isKnown: Bool) {
        self.colors = colors.isEmpty ? [Self.darkNeutral] : Array(colors.prefix(Self.maximumColors))
        self.isKnown = isKnown
    }

    /// A colour the screen shows around the picture.
    package static func color(_ color: TerminalColor) -> ImageBackdrop {
        ImageBackdrop(colors: [color.rgbValue()], isKnown: true)
    }

    /// Colours the screen shows from the picture's top row to its bottom (the first three are kept).
    package static func gradient(_ colors: [TerminalColor]) -> ImageBackdrop {
        ImageBackdrop(colors: colors.map { $0.rgbValue() }, isKnown: true)
    }

    /// The terminal's own background, not known: partly transparent pixels blend with `neutral`.
    package static func unknown(neutral: UInt32 = darkNeutral) -> ImageBackdrop {
        ImageBackdrop(colors: [neutral], isKnown: false)
    }

    /// The same colours painted under every pixel, as a backdrop the screen shows is: a moving picture's sixel
    /// frames are drawn over the frame before, whose pixels would show through any pixel left transparent.
    package var opaque: ImageBackdrop { ImageBackdrop(colors: colors, isKnown: true) }

    /// Rebuilds a backdrop read from the helper's wire; nil when it is not one.
    package static func decoded(colors: [UInt32], isKnown: Bool) -> ImageBackdrop? {
        guard (1...maximumColors).contains(colors.count), colors.allSatisfy({ $0 <= 0xFF_FFFF }) else { return nil }
        return ImageBackdrop(colors: colors, isKnown: isKnown)
    }

    /// What a picture without colour (shapes mode) is drawn against: the terminal's own background, as
    /// it answered OSC 11, else unknown (a dark terminal is assumed). No story background or theme is
    /// painted without colour, so neither decides the ink.
    static func withoutColor(terminalBackground: UInt32?) -> ImageBackdrop {
        terminalBackground.map { .unknown(neutral: $0) } ?? .unknown()
    }

    /// What a story's picture is composited over: the story's (or deck's) background where it sets one,
    /// the light theme's white, else the terminal's background as it answered OSC 11, else unknown.
    package static func choose(storyBackground: TerminalColor?, theme: Theme, terminalBackground: UInt32?) -> ImageBackdrop {
        if let storyBackground { return .color(storyBackground) }
        if theme == .light { return .color(.indexed(15)) }
        return .withoutColor(terminalBackground: terminalBackground)
    }
}
