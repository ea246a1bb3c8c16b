import CImages
import Engine

/// What shows through a picture's transparent pixels (docs/IMAGES.md, "Transparency"): colours from
/// the picture's top row to its bottom (one: a colour; two or three: a gradient, so that a story's
/// gradient `background` plugs in), and whether the screen really shows them there.
struct ImageBackdrop: Sendable, Hashable {
    /// 0xRRGGBB values, 1–3, evenly spread from the top row to the bottom row.
    let colors: [UInt32]
    /// The screen shows these colours around the picture (the story's background, or the terminal's as
    /// it answered OSC 11): every pixel is composited over them. Otherwise `colors[0]` is a neutral
    /// that partly transparent pixels blend with, and fully transparent cells are left blank, in the
    /// terminal's default colours.
    let isKnown: Bool

    /// The most colours a gradient has.
    static let maximumColors = 3
    /// What partly transparent pixels blend with when the terminal's background is not known: a grey
    /// near the theme's own (a dark terminal for the dark theme; the light theme paints its own).
    static let darkNeutral: UInt32 = 0x262626
    static let lightNeutral: UInt32 = 0xE4E4E4

    private init(colors: [UInt32], isKnown: Bool) {
        self.colors = colors.isEmpty ? [Self.darkNeutral] : Array(colors.prefix(Self.maximumColors))
        self.isKnown = isKnown
    }

    /// A colour the screen shows around the picture.
    static func color(_ color: TerminalColor) -> ImageBackdrop {
        ImageBackdrop(colors: [color.rgbValue()], isKnown: true)
    }

    /// Colours the screen shows from the picture's top row to its bottom (the first three are kept).
    static func gradient(_ colors: [TerminalColor]) -> ImageBackdrop {
        ImageBackdrop(colors: colors.map { $0.rgbValue() }, isKnown: true)
    }

    /// The terminal's own background, not known: partly transparent pixels blend with `neutral`.
    static func unknown(neutral: UInt32 = darkNeutral) -> ImageBackdrop {
        ImageBackdrop(colors: [neutral], isKnown: false)
    }

    /// The backdrop as the C library takes it.
    var value: cimg_backdrop {
        var backdrop = cimg_backdrop()
        backdrop.count = Int32(colors.count)
        backdrop.known = isKnown ? 1 : 0
        withUnsafeMutableBytes(of: &backdrop.colours) { raw in
            let slots = raw.bindMemory(to: UInt32.self)
            for (index, color) in colors.enumerated() where index < slots.count { slots[index] = color }
        }
        return backdrop
    }

    /// The colour at `row` of `rows`, as the compositing uses it.
    func color(atRow row: Int, of rows: Int) -> UInt32 {
        var backdrop = value
        return cimg_backdrop_at(&backdrop, Int32(clamping: row), Int32(clamping: rows))
    }

    /// Rebuilds a backdrop read from the helper's wire; nil when it is not one.
    static func decoded(colors: [UInt32], isKnown: Bool) -> ImageBackdrop? {
        guard (1...maximumColors).contains(colors.count), colors.allSatisfy({ $0 <= 0xFF_FFFF }) else { return nil }
        return ImageBackdrop(colors: colors, isKnown: isKnown)
    }

    /// What a picture without colour (shapes mode) is drawn against: the terminal's own background, as
    /// it answered OSC 11, else unknown (a dark terminal is assumed). No story background or theme is
    /// painted without colour, so neither decides the ink.
    static func withoutColor(terminalBackground: UInt32?) -> ImageBackdrop {
        terminalBackground.map { ImageBackdrop(colors: [$0], isKnown: true) } ?? .unknown()
    }

    /// What a story's picture is composited over: the story's (or deck's) background where it sets one,
    /// the light theme's white, else the terminal's background as it answered OSC 11, else unknown.
    static func choose(storyBackground: TerminalColor?, theme: Theme, terminalBackground: UInt32?) -> ImageBackdrop {
        if let storyBackground { return .color(storyBackground) }
        if theme == .light { return .color(.indexed(15)) }
        return .withoutColor(terminalBackground: terminalBackground)
    }
}
