import Testing
@testable import TUI
@testable import ViewerCore

/// The colour depth from the environment (COLORTERM, TMUX), terminfo (COLORS, RGB/Tc) and `--colors`.
@Suite struct ColorDepthTests {
    static func wants(_ setting: ColorsSetting = .auto, colorTerm: String? = nil, inTmux: Bool = false) -> Bool {
        ColorDepth.wantsTruecolor(setting: setting, colorTerm: colorTerm, inTmux: inTmux)
    }

    static func candidates(_ term: String, _ setting: ColorsSetting = .auto, colorTerm: String? = nil,
                           inTmux: Bool = false) -> [String] {
        ColorDepth.candidates(term: term, setting: setting, colorTerm: colorTerm, inTmux: inTmux)
    }

    static func choose(_ colors: Int, _ setting: ColorsSetting = .auto, noColor: Bool = false) -> ColorDepth {
        ColorDepth.choose(setting: setting, colors: colors, noColor: noColor)
    }

    @Test("Colour depth: 24-bit colour is asked for by COLORTERM, by TMUX, or by --colors truecolor")
    func asksForTruecolor() {
        #expect(Self.wants(colorTerm: "truecolor") && Self.wants(colorTerm: "24bit") && Self.wants(colorTerm: "TrueColor"))
        #expect(!Self.wants(colorTerm: "yes") && !Self.wants())
        #expect(Self.wants(inTmux: true))
        #expect(Self.wants(.truecolor))
        // A forced depth below wins over the environment.
        #expect(!Self.wants(.colors256, colorTerm: "truecolor", inTmux: true))
    }

    @Test("Colour depth: the -direct twin is tried first, and tmux-direct inside tmux after a known TERM without one")
    func descriptions() {
        #expect(Self.candidates("xterm-256color", colorTerm: "truecolor") == ["xterm-direct"])
        #expect(Self.candidates("xterm-kitty", colorTerm: "truecolor") == ["kitty-direct"], "kitty's own TERM has a twin of another name")
        #expect(Self.candidates("tmux-256color", inTmux: true) == ["tmux-direct"])
        #expect(Self.candidates("screen", inTmux: true) == ["screen-direct"])
        #expect(Self.candidates("xterm", inTmux: true) == ["xterm-direct"])
        #expect(ColorDepth.fallback(term: "screen", setting: .auto, colorTerm: nil, inTmux: true) == "tmux-direct")
        #expect(ColorDepth.fallback(term: "screen", setting: .auto, colorTerm: "truecolor", inTmux: false) == nil)
        #expect(ColorDepth.fallback(term: "screen", setting: .colors256, colorTerm: nil, inTmux: true) == nil)
        #expect(Self.candidates("xterm-direct", colorTerm: "truecolor").isEmpty)
        #expect(Self.candidates("xterm-256color").isEmpty)
        // A forced depth above TERM's takes TERM's twin of that depth, where terminfo has one.
        #expect(Self.candidates("xterm", .colors256) == ["xterm-256color"])
        #expect(Self.candidates("xterm", .colors16) == ["xterm-16color"])
        #expect(Self.candidates("xterm-256color", .colors256).isEmpty)
        #expect(Self.candidates("xterm-256color", .colors8, colorTerm: "truecolor").isEmpty)
    }

    @Test("Colour depth from terminfo's COLORS: 2^24 (a -direct entry) truecolour, then 256, 16, 8, else none")
    func fromTerminfo() {
        #expect(Self.choose(16_777_216) == .truecolor)
        #expect(Self.choose(256) == .colors256)
        #expect(Self.choose(88) == .colors16)
        #expect(Self.choose(16) == .colors16)
        #expect(Self.choose(8) == .colors8)
        #expect(Self.choose(2) == ColorDepth.none)
        #expect(Self.choose(-1) == ColorDepth.none)
    }

    @Test("Colour depth: --colors forces a depth, capped at what the description can write; no colour is none")
    func forced() {
        #expect(Self.choose(16_777_216, .colors256) == .colors256)
        #expect(Self.choose(16_777_216, .colors8) == .colors8)
        #expect(Self.choose(256, .colors16) == .colors16)
        #expect(Self.choose(256, .truecolor) == .colors256)
        #expect(Self.choose(8, .colors256) == .colors8)
        #expect(Self.choose(16_777_216, noColor: true) == ColorDepth.none)
        #expect(Self.choose(256, .truecolor, noColor: true) == ColorDepth.none)
    }

    @Test("Colour depth: a description with RGB or Tc but 256 numbers is left for its -direct twin, unless fewer are forced")
    func rgbFlag() {
        #expect(ColorDepth.retriesDirect(setting: .auto, colors: 256, rgbFlag: true))
        #expect(ColorDepth.retriesDirect(setting: .truecolor, colors: 256, rgbFlag: true))
        #expect(!ColorDepth.retriesDirect(setting: .auto, colors: 256, rgbFlag: false))
        #expect(!ColorDepth.retriesDirect(setting: .auto, colors: 16_777_216, rgbFlag: true))
        #expect(!ColorDepth.retriesDirect(setting: .colors256, colors: 256, rgbFlag: true))
    }

    @Test("Colour depth: each depth draws pictures in its mode; --images off keeps the alt text")
    func presentation() {
        #expect(ImagePresentation.choose(depth: .truecolor, setting: .auto) == .symbols(.truecolor))
        #expect(ImagePresentation.choose(depth: .colors256, setting: .symbols) == .symbols(.indexed240))
        #expect(ImagePresentation.choose(depth: .colors16, setting: .auto) == .symbols(.indexed16))
        #expect(ImagePresentation.choose(depth: .colors8, setting: .auto) == .symbols(.indexed8))
        #expect(ImagePresentation.choose(depth: .none, setting: .auto) == .symbols(.shapes))
        #expect(ImagePresentation.choose(depth: .truecolor, setting: .off) == .altText(.turnedOff))
        #expect(ColorsSetting.allCases.map(\.rawValue) == ["auto", "truecolor", "256", "16", "8"])
    }
}
