/// How many colours pictures are drawn in (docs/IMAGES.md, "Colour depth"); the `ready` event says
/// which (`"colors":"truecolor"`).
package enum ColorDepth: String, Sendable, CaseIterable, Comparable {
    case none
    case colors8 = "8"
    case colors16 = "16"
    case colors256 = "256"
    case truecolor

    /// The picture mode of this depth: 256 colours are the 240 of 16–255 (the first 16 are the user's theme).
    package var imageMode: ImageColorMode {
        switch self {
        case .truecolor: return .truecolor
        case .colors256: return .indexed240
        case .colors16: return .indexed16
        case .colors8: return .indexed8
        case .none: return .shapes
        }
    }

    /// The most colours a terminal description of this depth has (terminfo's COLORS).
    private var colorCount: Int {
        switch self {
        case .truecolor: return 0x100_0000
        case .colors256: return 256
        case .colors16: return 16
        case .colors8: return 8
        case .none: return 0
        }
    }

    package static func < (left: ColorDepth, right: ColorDepth) -> Bool { left.colorCount < right.colorCount }

    /// Whether 24-bit colour is asked for before curses is set up, from the environment:
    /// `COLORTERM=truecolor|24bit` (any case), a program inside tmux (`TMUX` set: tmux converts RGB for
    /// the terminal outside, by its `RGB`/`Tc` feature), or `--colors truecolor`. Then curses starts under
    /// the `*-direct` description (`directCandidates`), the only kind under which ncurses writes RGB.
    package static func wantsTruecolor(setting: ColorsSetting, colorTerm: String?, inTmux: Bool) -> Bool {
        if let forced = setting.forced { return forced == .truecolor }
        let colorTerm = (colorTerm ?? "").lowercased()
        return colorTerm == "truecolor" || colorTerm == "24bit" || inTmux
    }

    /// The terminal description to try before TERM itself, for a depth above TERM's: truecolour: TERM's
    /// `-direct` twin; a forced 256 or 16: TERM's `-256color` or `-16color` twin. Used when terminfo has it
    /// (`newterm` refuses the others).
    package static func candidates(term: String, setting: ColorsSetting, colorTerm: String?, inTmux: Bool) -> [String] {
        let base = baseName(of: term)
        if wantsTruecolor(setting: setting, colorTerm: colorTerm, inTmux: inTmux) {
            if let twin = directTwins[term] { return [twin] }
            return term.hasSuffix("-direct") || base.isEmpty ? [] : [base + "-direct"]
        }
        switch setting.forced {
        case .colors256?: return term.hasSuffix("-256color") || base.isEmpty ? [] : [base + "-256color"]
        case .colors16?: return term.hasSuffix("-16color") || base.isEmpty ? [] : [base + "-16color"]
        default: return []
        }
    }

    /// Inside tmux, the description that writes 24-bit colour when TERM has no `-direct` twin
    /// (`TERM=screen`): `tmux-direct`, tried only once TERM itself is known (an unknown TERM stays an error).
    package static func fallback(term: String, setting: ColorsSetting, colorTerm: String?, inTmux: Bool) -> String? {
        guard inTmux, term != "tmux-direct", wantsTruecolor(setting: setting, colorTerm: colorTerm, inTmux: inTmux) else {
            return nil
        }
        return "tmux-direct"
    }

    /// Whether a description that says it shows 24-bit colour (terminfo's `RGB`, or tmux's `Tc`) but
    /// has not the numbers for it (COLORS below 2^24) is left for its `-direct` twin: unless fewer
    /// colours were forced.
    package static func retriesDirect(setting: ColorsSetting, colors: Int, rgbFlag: Bool) -> Bool {
        rgbFlag && colors < 0x100_0000 && (setting == .auto || setting == .truecolor)
    }

    /// TERM without its colour suffix: `xterm-256color` → `xterm`.
    /// Descriptions whose `-direct` twin is not named after them: kitty's own `xterm-kitty` (its
    /// terminfo has no RGB flag; kitty sets COLORTERM=truecolor) is `kitty-direct` in ncurses-term.
    package static let directTwins = ["xterm-kitty": "kitty-direct"]

    package static func baseName(of term: String) -> String {
        for suffix in ["-direct", "-256color", "-88color", "-16color", "-color"] where term.hasSuffix(suffix) {
            return String(term.dropLast(suffix.count))
        }
        return term
    }

    /// The depth, once curses runs under a description, first match wins:
    /// 1. no colour (`--no-color`, NO_COLOR) → none;
    /// 2. `--colors N` → N, or the most the description has when it has fewer (curses cannot write more);
    /// 3. COLORS ≥ 2^24 (a `*-direct` description: ncurses writes RGB only there) → truecolour;
    /// 4. COLORS ≥ 256 → 256; ≥ 16 → 16; ≥ 8 → 8; else (monochrome, or unknown) → none.
    /// - Parameter colors: terminfo's COLORS under the description in use (0 or -1 when it has none).
    package static func choose(setting: ColorsSetting, colors: Int, noColor: Bool) -> ColorDepth {
        if noColor { return .none }
        let available: ColorDepth
        if colors >= 0x100_0000 {
            available = .truecolor
        } else if colors >= 256 {
            available = .colors256
        } else if colors >= 16 {
            available = .colors16
        } else if colors >= 8 {
            available = .colors8
        } else {
            available = .none
        }
        guard let forced = setting.forced else { return available }
        return min(forced, available)
    }
}
