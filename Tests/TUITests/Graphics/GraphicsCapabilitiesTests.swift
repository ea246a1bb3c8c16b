import Testing
@testable import TUI
@testable import ViewerCore

/// The capability parser over answers recorded from real terminals (docs/IMAGES.md, "Detection";
/// /work/shared/docs/TERMINAL-GRAPHICS.md): kitty 0.26.5 (from that file), xterm 379 with and without `-ti vt340`
/// and tmux 3.3a (recorded here), foot- and WezTerm-like answers (written from their documented replies), and silence.
@Suite struct GraphicsCapabilitiesTests {
    static let esc = "\u{1B}"

    /// The capabilities after the terminal answered `answer` (all at once) in `environment`.
    static func capabilities(_ answer: String, _ environment: GraphicsEnvironment = GraphicsEnvironment(term: "xterm-256color"))
        -> GraphicsCapabilities {
        var scanner = GraphicsReplyScanner()
        return GraphicsCapabilities(environment: environment, replies: scanner.scan(Array(answer.utf8)))
    }

    /// kitty 0.26.5: `a=q` OK, XTVERSION, both pixel sizes, 2026 reported; no XTSMGRAPHICS; DA1 `?62;c`.
    static let kitty = "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|kitty(0.26.5)\(esc)\\\(esc)[4;408;640t\(esc)[6;17;8t"
        + "\(esc)[?2026;2$y\(esc)[?62;c"
    /// xterm 379 -ti vt340 (allowWindowOps off), recorded under Xvfb here (2026-12-01, with the fallback
    /// font: 480×312 at most; the documented 640×408 is with the default one): XTVERSION, XTSMGRAPHICS 1024
    /// registers, DECRQM 2026 unknown (0), DA1 with 4; no answer to the kitty query or to CSI 14/16 t.
    static let xtermVT340 = "\(esc)P>|XTerm(379)\(esc)\\\(esc)[?1;0;1024S\(esc)[?2;0;480;312S\(esc)[?2026;0$y"
        + "\(esc)[?63;1;2;4;6;9;15;16;22;28c"
    /// xterm 379 as installed, recorded the same way: XTSMGRAPHICS fails (`?1;3S`, no value), DA1 without 4.
    static let xterm = "\(esc)P>|XTerm(379)\(esc)\\\(esc)[?1;3S\(esc)[?2;3S\(esc)[?2026;0$y"
        + "\(esc)[?64;1;2;6;9;15;16;17;18;21;22;28c"
    /// tmux 3.3a, recorded in a detached session here: XTVERSION `tmux 3.3a`, DA1 of its own (`?1;2c`,
    /// whatever the outer terminal has); the rest unanswered.
    static let tmux = "\(esc)P>|tmux 3.3a\(esc)\\\(esc)[?1;2c"
    /// foot-like: no kitty graphics, XTSMGRAPHICS 1024 / 10000×10000, sixel in DA1, 2026 reported.
    static let foot = "\(esc)P>|foot(1.16.2)\(esc)\\\(esc)[?1;0;1024S\(esc)[?2;0;10000;10000S\(esc)[4;1080;1920t"
        + "\(esc)[6;20;10t\(esc)[?2026;2$y\(esc)[?62;4;22c"
    /// WezTerm-like: kitty graphics OK, sixel, 2026, XTVERSION `WezTerm …`.
    static let wezTerm = "\(esc)_Gi=31;OK\(esc)\\\(esc)P>|WezTerm 20230712-072601-f4abf8fd\(esc)\\\(esc)[?1;0;256S"
        + "\(esc)[6;19;9t\(esc)[?2026;2$y\(esc)[?65;4;6;18;22c"

    @Test func kittyAnswersGraphicsAndSynchronizedOutput() {
        let found = Self.capabilities(Self.kitty)
        #expect(found.answered)
        #expect(found.kittyGraphics)
        #expect(!found.sixel)
        #expect(found.sixelColorRegisters == nil)
        #expect(found.version == "kitty(0.26.5)")
        #expect(found.synchronizedOutput)
        #expect(found.windowPixels == PixelSize(width: 640, height: 408))
        #expect(found.cellPixels(columns: 80, rows: 24, windowSize: nil) == PixelSize(width: 8, height: 17))
        #expect(!found.behindMultiplexer)
    }

    @Test func xtermVT340AnswersSixelWithRegistersAndGeometry() {
        let found = Self.capabilities(Self.xtermVT340)
        #expect(found.answered)
        #expect(found.sixel)
        #expect(!found.kittyGraphics)
        #expect(found.sixelColorRegisters == 1024)
        #expect(found.sixelMaximumSize == PixelSize(width: 480, height: 312))
        #expect(!found.synchronizedOutput)
        #expect(found.version == "XTerm(379)")
        // No CSI 14/16 t answer: only TIOCGWINSZ's 644×412 px over 80×24 gives the cell.
        #expect(found.cellPixels(columns: 80, rows: 24, windowSize: nil) == nil)
        #expect(found.cellPixels(columns: 80, rows: 24, windowSize: PixelSize(width: 644, height: 412))
            == PixelSize(width: 8, height: 17))
    }

    @Test func plainXtermHasNoSixelAndAFailedGraphicsAttribute() {
        let found = Self.capabilities(Self.xterm)
        #expect(found.answered)
        #expect(!found.sixel)
        #expect(found.sixelColorRegisters == nil)
        #expect(found.sixelMaximumSize == nil)
        #expect(!found.kittyGraphics)
    }

    @Test func tmuxIsSeenByItsVersionAndByItsVariables() {
        #expect(Self.capabilities(Self.tmux).behindMultiplexer)
        #expect(Self.capabilities("\(Self.esc)[?62;4c", GraphicsEnvironment(term: "xterm-256color", tmux: "/tmp/tmux-1000/default,1,0"))
            .behindMultiplexer)
        #expect(Self.capabilities("\(Self.esc)[?62;4c", GraphicsEnvironment(term: "screen-256color")).behindMultiplexer)
        #expect(Self.capabilities("\(Self.esc)[?62;4c", GraphicsEnvironment(term: "xterm", screenSession: "123.pts-0")).behindMultiplexer)
        #expect(!Self.capabilities("\(Self.esc)[?62;4c").behindMultiplexer)
    }

    @Test func footAndWezTermLikeAnswers() {
        let foot = Self.capabilities(Self.foot)
        #expect(foot.sixel && !foot.kittyGraphics && foot.synchronizedOutput)
        #expect(foot.sixelMaximumSize == PixelSize(width: 10000, height: 10000))
        #expect(foot.cellPixels(columns: 192, rows: 54, windowSize: nil) == PixelSize(width: 10, height: 20))
        #expect(!foot.inlineImages)
        let wez = Self.capabilities(Self.wezTerm)
        #expect(wez.kittyGraphics && wez.sixel && wez.inlineImages && wez.synchronizedOutput)
        #expect(wez.sixelColorRegisters == 256)
    }

    @Test func iTerm2IsKnownByName() {
        #expect(Self.capabilities("\(Self.esc)[?62;c", GraphicsEnvironment(termProgram: "iTerm.app")).inlineImages)
        #expect(Self.capabilities("\(Self.esc)[?62;c", GraphicsEnvironment(lcTerminal: "iTerm2")).inlineImages)
        #expect(!Self.capabilities("\(Self.esc)[?62;c", GraphicsEnvironment(termProgram: "Apple_Terminal")).inlineImages)
    }

    @Test func silenceLeavesNothingDetected() {
        let found = Self.capabilities("")
        #expect(!found.answered)
        #expect(!found.kittyGraphics && !found.sixel && !found.synchronizedOutput)
        #expect(found.version == nil)
        #expect(found.cellPixels(columns: 80, rows: 24, windowSize: nil) == nil)
    }

    @Test func aKittyErrorIsNotSupport() {
        let found = Self.capabilities("\(Self.esc)_Gi=31;EINVAL:Zero width/height not allowed\(Self.esc)\\\(Self.esc)[?62;c")
        #expect(!found.kittyGraphics)
        #expect(found.answered)
    }

    @Test func answersAfterDA1ChangeNothing() {
        let found = Self.capabilities("\(Self.esc)[?62;c\(Self.esc)_Gi=31;OK\(Self.esc)\\")
        #expect(!found.kittyGraphics)
    }

    @Test func theBatchEndsWithDA1() {
        let bytes = GraphicsProbe.queryBytes
        #expect(bytes.suffix(3) == Array("\u{1B}[c".utf8))
        #expect(bytes.filter { $0 == UInt8(ascii: "c") }.count == 1)
        #expect(String(decoding: bytes, as: UTF8.self).contains("a=q"))
    }
}
