/// Which protocol draws pictures, found in the start-up batch (SPEC 8.1; docs/IMAGES.md, "Detection"), as a
/// small value of the model: the graphics probe's queries go out with the background query and the keyboard
/// probe's, before their one DA1; the answers before that DA1 are the capabilities, and DA1, or nothing
/// within `timeout`, settles the choice (`GraphicsChoice`). No picture is asked for before it settled, so
/// the first conversion is already in the chosen form. `--images symbols` and `off` ask nothing.
package struct GraphicsDetection: Sendable, Equatable {
    package let setting: ImagesSetting
    /// TERM, TERM_PROGRAM, LC_TERMINAL, TMUX and STY.
    package let environment: GraphicsEnvironment
    /// The window in pixels as the kernel has it (TIOCGWINSZ's ws_xpixel × ws_ypixel), if it has it.
    package let windowPixels: PixelSize?
    /// The bound on the round trip, the keyboard probe's.
    package let timeout: Double
    /// `STORIES_TUI_KITTY_TRANSFER`: a kitty transmission forced (nil: detected, `GraphicsChoice.transmission`).
    package let kittyTransfer: KittyTransmission?
    /// The temporary file the kitty query by file names (`GraphicsProbe.kittyFileQuery`), made by the launcher
    /// where `asksKittyFiles`; nil: that query is not sent, and kitty pictures go directly.
    package var kittyProbeFile: String?
    package private(set) var capabilities: GraphicsCapabilities
    /// The choice, once settled (at once for `symbols` and `off`).
    package private(set) var choice: GraphicsChoice?
    /// When an unanswered probe settles on what came (nothing, usually).
    package private(set) var deadline: Double?

    package init(setting: ImagesSetting = .symbols, environment: GraphicsEnvironment = GraphicsEnvironment(),
                 windowPixels: PixelSize? = nil, timeout: Double = KeyboardProtocolProbe.defaultTimeout,
                 kittyTransfer: KittyTransmission? = nil, kittyProbeFile: String? = nil) {
        self.setting = setting
        self.environment = environment
        self.windowPixels = windowPixels
        self.timeout = timeout
        self.kittyTransfer = kittyTransfer
        self.kittyProbeFile = kittyProbeFile
        capabilities = GraphicsCapabilities(environment: environment)
        if !Self.asks(setting) {
            choice = GraphicsChoice.choose(forced: setting.forced, capabilities: capabilities, cellPixels: nil)
        }
    }

    /// Whether the terminal is asked: for `auto` and for a forced pixel protocol (its cell size in
    /// pixels and synchronized output are asked too).
    private static func asks(_ setting: ImagesSetting) -> Bool { setting != .symbols && setting != .off }

    /// Whether the start-up batch should ask whether kitty reads a temporary file (a probe file is then made):
    /// the terminal is asked at all, `auto` or `kitty` may choose kitty, no transmission is forced, and the
    /// environment puts no multiplexer in between (tmux's pixels are off: kitty goes direct there).
    package var asksKittyFiles: Bool {
        Self.asks(setting) && (setting == .auto || setting == .kitty) && kittyTransfer == nil
            && !capabilities.behindMultiplexer
    }

    /// Whether the choice is known.
    package var isSettled: Bool { choice != nil }

    /// This detection settled on what no answer can change, before the probe returns: the setting asks
    /// nothing (`symbols`, `off`), or, with no protocol forced, the environment puts a multiplexer in between
    /// (TMUX, STY, TERM `tmux*`/`screen*`: symbols, whatever the terminal answers). Nil when the answers
    /// decide. The first story's picture is converted in this form from the first frame on
    /// (`ViewerLauncher.firstPictureRequest`); the probe itself still goes out and settles the model's own.
    package var foreseen: GraphicsDetection? {
        if isSettled { return self }
        guard setting.forced == nil, capabilities.behindMultiplexer, deadline == nil else { return nil }
        var settled = self
        settled.choice = GraphicsChoice.choose(forced: nil, capabilities: capabilities, cellPixels: nil)
        return settled
    }

    /// Begins the probe: the queries to write now (nothing when nothing is asked, or asked already).
    /// `withEnd`: end them with a DA1 of their own (no keyboard probe sends one).
    package mutating func start(at now: Double, withEnd: Bool) -> [UInt8] {
        guard choice == nil, deadline == nil else { return [] }
        deadline = now + timeout
        let queries = GraphicsProbe.queryBytes(kittyFile: asksKittyFiles ? kittyProbeFile : nil)
        return withEnd ? queries : Array(queries.dropLast(GraphicsProbe.sentinel.utf8.count))
    }

    /// Takes one reply; returns whether this settled the choice (DA1 arrived), for a terminal of `size`.
    package mutating func receive(_ reply: TerminalReply, size: TerminalSize) -> Bool {
        guard choice == nil, deadline != nil, case .graphics(let answer) = reply else { return false }
        capabilities.apply(answer)
        guard capabilities.answered else { return false }
        settle(size: size)
        return true
    }

    /// Settles a probe that got no DA1 by its deadline on what came; returns whether this settled it.
    package mutating func expire(at now: Double, size: TerminalSize) -> Bool {
        guard choice == nil, let deadline, now >= deadline else { return false }
        settle(size: size)
        return true
    }

    private mutating func settle(size: TerminalSize) {
        deadline = nil
        let cell = capabilities.cellPixels(columns: size.width, rows: size.height, windowSize: windowPixels)
        choice = GraphicsChoice.choose(forced: setting.forced, capabilities: capabilities, cellPixels: cell,
                                       kittyTransfer: kittyTransfer)
    }

    /// Whether pictures are drawn inside synchronized output (the terminal reported mode 2026).
    package var synchronizedOutput: Bool { capabilities.synchronizedOutput }

    /// How pictures are shown: `base` (symbols in the depth's mode, or the alt text) until the choice
    /// settled and whenever it chose symbols; the terminal's pixels where it chose a pixel protocol.
    package func presentation(over base: ImagePresentation) -> ImagePresentation {
        guard case .symbols = base, let choice else { return base }
        switch choice.protocol {
        case .kitty, .sixel, .iterm2:
            return .pixels(PixelFormat(graphicsProtocol: choice.protocol,
                                       cell: choice.cellPixels ?? GraphicsChoice.assumedCellPixels,
                                       registers: capabilities.sixelColorRegisters,
                                       kittyTransmission: choice.kittyTransmission ?? .direct))
        case .symbols: return base
        case .off: return .altText(.turnedOff)
        }
    }
}
