import Testing
@testable import TUI
@testable import ViewerCore

/// The choice table of docs/IMAGES.md, "The choice": every row.
@Suite struct GraphicsChoiceTests {
    static let cell = PixelSize(width: 8, height: 17)

    static func choose(_ forced: GraphicsProtocol?, _ answer: String,
                       _ environment: GraphicsEnvironment = GraphicsEnvironment(term: "xterm-256color"),
                       cell: PixelSize? = cell) -> GraphicsChoice {
        GraphicsChoice.choose(forced: forced, capabilities: GraphicsCapabilitiesTests.capabilities(answer, environment),
                              cellPixels: cell)
    }

    @Test func autoPrefersKittyThenITerm2ThenSixel() {
        let wez = Self.choose(nil, GraphicsCapabilitiesTests.wezTerm)
        #expect(wez.protocol == .kitty && wez.reason == .detected && wez.cellPixels == Self.cell)
        let iterm = Self.choose(nil, "\u{1B}[?62;4c", GraphicsEnvironment(termProgram: "iTerm.app"))
        #expect(iterm.protocol == .iterm2)
        #expect(Self.choose(nil, GraphicsCapabilitiesTests.xtermVT340).protocol == .sixel)
        #expect(Self.choose(nil, GraphicsCapabilitiesTests.foot).protocol == .sixel)
        #expect(Self.choose(nil, GraphicsCapabilitiesTests.kitty).protocol == .kitty)
    }

    @Test func autoFallsBackToSymbols() {
        let xterm = Self.choose(nil, GraphicsCapabilitiesTests.xterm)
        #expect(xterm.protocol == .symbols && xterm.reason == .noPixelProtocol && xterm.cellPixels == nil)
        let silent = Self.choose(nil, "")
        #expect(silent.protocol == .symbols && silent.reason == .noPixelProtocol)
        let noCell = Self.choose(nil, GraphicsCapabilitiesTests.kitty, cell: nil)
        #expect(noCell.protocol == .symbols && noCell.reason == .noCellSize)
        let zeroCell = Self.choose(nil, GraphicsCapabilitiesTests.kitty, cell: PixelSize(width: 0, height: 0))
        #expect(zeroCell.reason == .noCellSize)
    }

    @Test func autoInsideAMultiplexerIsSymbols() {
        let tmuxVersion = Self.choose(nil, GraphicsCapabilitiesTests.tmux)
        #expect(tmuxVersion.protocol == .symbols && tmuxVersion.reason == .multiplexer)
        let kittyInTmux = Self.choose(nil, GraphicsCapabilitiesTests.kitty, GraphicsEnvironment(term: "tmux-256color", tmux: "/tmp/t,1,0"))
        #expect(kittyInTmux.protocol == .symbols && kittyInTmux.reason == .multiplexer)
        let sixelInScreen = Self.choose(nil, GraphicsCapabilitiesTests.xtermVT340, GraphicsEnvironment(term: "xterm", screenSession: "9.pts"))
        #expect(sixelInScreen.protocol == .symbols)
    }

    @Test func aForcedProtocolIsTaken() {
        for forced in GraphicsProtocol.allCases {
            let choice = Self.choose(forced, GraphicsCapabilitiesTests.tmux, cell: nil)
            #expect(choice.protocol == forced && choice.reason == .forced)
            #expect(choice.cellPixels == (forced.drawsPixels ? GraphicsChoice.assumedCellPixels : nil))
        }
        #expect(Self.choose(.sixel, GraphicsCapabilitiesTests.xterm).cellPixels == Self.cell)
    }

    @Test func theOptionValuesAreTheProtocolNames() {
        #expect(GraphicsProtocol.allCases.map(\.rawValue) == ["kitty", "iterm2", "sixel", "symbols", "off"])
    }
}
