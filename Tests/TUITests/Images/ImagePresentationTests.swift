import Testing
@testable import TUI

/// The colour mode from what the terminal says (COLORS, COLORTERM, TERM) and the options.
@Suite struct ImagePresentationTests {
    static func choose(colors: Int, colorTerm: String? = nil, term: String? = "xterm-256color",
                       setting: ImagesSetting = .auto, noColor: Bool = false) -> ImagePresentation {
        ImagePresentation.choose(colors: colors, colorTerm: colorTerm, term: term, setting: setting, noColor: noColor)
    }

    @Test("truecolour where COLORTERM says truecolor or 24bit, or TERM is a -direct entry")
    func truecolor() {
        #expect(Self.choose(colors: 256, colorTerm: "truecolor") == .symbols(.truecolor))
        #expect(Self.choose(colors: 256, colorTerm: "24bit") == .symbols(.truecolor))
        #expect(Self.choose(colors: 256, colorTerm: "TrueColor") == .symbols(.truecolor))
        #expect(Self.choose(colors: 16_777_216, term: "xterm-direct") == .symbols(.truecolor))
        #expect(Self.choose(colors: 8, colorTerm: "truecolor", term: "xterm") == .symbols(.truecolor))
        #expect(Self.choose(colors: 256, colorTerm: "yes") == .symbols(.indexed240))
    }

    @Test("else by COLORS: 240 from 256 up, 16, 8, and alt text below 8")
    func byColors() {
        #expect(Self.choose(colors: 256, term: "tmux-256color") == .symbols(.indexed240))
        #expect(Self.choose(colors: 88, term: "xterm-88color") == .symbols(.indexed16))
        #expect(Self.choose(colors: 16, term: "xterm-16color") == .symbols(.indexed16))
        #expect(Self.choose(colors: 8, term: "xterm") == .symbols(.indexed8))
        #expect(Self.choose(colors: 2, term: "vt100") == .altText(.monochrome))
        #expect(Self.choose(colors: -1, term: nil) == .altText(.monochrome))
        #expect(Self.choose(colors: -1, colorTerm: "truecolor", term: "dumb") == .altText(.monochrome))
    }

    @Test("--images off, --no-color and NO_COLOR show the alt text; auto and symbols agree")
    func options() {
        #expect(Self.choose(colors: 256, colorTerm: "truecolor", setting: .off) == .altText(.turnedOff))
        #expect(Self.choose(colors: 256, colorTerm: "truecolor", noColor: true) == .altText(.noColor))
        for colors in [-1, 8, 16, 256, 16_777_216] {
            for colorTerm in [nil, "truecolor"] {
                #expect(Self.choose(colors: colors, colorTerm: colorTerm, setting: .auto)
                        == Self.choose(colors: colors, colorTerm: colorTerm, setting: .symbols))
            }
        }
    }
}
