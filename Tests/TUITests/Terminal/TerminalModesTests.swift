import Testing
@testable import TUI
@testable import ViewerCore

/// Every mode switched on is switched off, in reverse order, with the extra bytes outside them.
@Suite("Terminal: modes on and off")
struct TerminalModesTests {
    @Test("the standard modes: mouse, SGR reports, bracketed paste, focus; off in reverse")
    func standard() {
        let modes = TerminalModes()
        #expect(String(decoding: modes.enable, as: UTF8.self) == "\u{1B}[?1000h\u{1B}[?1006h\u{1B}[?2004h\u{1B}[?1004h")
        #expect(String(decoding: modes.disable, as: UTF8.self) == "\u{1B}[?1004l\u{1B}[?2004l\u{1B}[?1006l\u{1B}[?1000l")
    }

    @Test("extra bytes come after the modes on the way in and before them on the way out")
    func extra() {
        var modes = TerminalModes(modes: [TerminalModes.Mode(number: 7, purpose: "test")])
        modes.extraEnable = Array("+".utf8)
        modes.extraDisable = Array("-".utf8)
        #expect(String(decoding: modes.enable, as: UTF8.self) == "\u{1B}[?7h+")
        #expect(String(decoding: modes.disable, as: UTF8.self) == "-\u{1B}[?7l")
    }
}
