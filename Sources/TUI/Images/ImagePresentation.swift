/// How pictures are shown in this terminal: as coloured symbols in a colour mode, or as their alt
/// text. A room for `kitty` and `sixel` is left in `ImagesSetting.auto`, not here, until one is built.
enum ImagePresentation: Sendable, Hashable {
    case symbols(ImageColorMode)
    case altText(AltTextReason)

    /// Why pictures show their alt text.
    enum AltTextReason: Sendable, Hashable {
        /// `--images off`.
        case turnedOff
        /// `--no-color` or NO_COLOR.
        case noColor
        /// The terminal has fewer than 8 colours (monochrome, or TERM unknown to terminfo).
        case monochrome
    }

    /// Chooses from what the terminal says, first match wins:
    /// 1. `--images off` → alt text; `--no-color`/NO_COLOR → alt text;
    /// 2. COLORTERM `truecolor` or `24bit`, or a TERM ending in `-direct` → truecolour;
    /// 3. COLORS (terminfo, after the terminal is set up) ≥ 256 → 240 colours (16–255);
    /// 4. COLORS ≥ 16 → 16 colours; COLORS ≥ 8 → 8 colours;
    /// 5. otherwise (monochrome, or COLORS unknown: -1) → alt text.
    /// `auto` and `symbols` choose the same today (docs/IMAGES.md).
    /// - Parameters:
    ///   - colors: terminfo's COLORS (`tigetnum("colors")`), -1 when unknown.
    ///   - colorTerm: the COLORTERM variable, nil when unset.
    ///   - term: the TERM variable, nil when unset.
    static func choose(colors: Int, colorTerm: String?, term: String?, setting: ImagesSetting,
                       noColor: Bool) -> ImagePresentation {
        if setting == .off { return .altText(.turnedOff) }
        if noColor { return .altText(.noColor) }
        if colors < 8 { return .altText(.monochrome) }
        let colorTerm = (colorTerm ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" || (term ?? "").hasSuffix("-direct") {
            return .symbols(.truecolor)
        }
        if colors >= 256 { return .symbols(.indexed240) }
        if colors >= 16 { return .symbols(.indexed16) }
        return .symbols(.indexed8)
    }
}
