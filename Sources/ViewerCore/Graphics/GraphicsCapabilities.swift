/// What the terminal can draw, from its answers to `GraphicsProbe` and from the environment
/// (SPEC 8.1; docs/IMAGES.md, "Detection"). A pure value: `apply(_:)` takes each reply as it is read;
/// `answered` turns true with DA1, the last answer.
package struct GraphicsCapabilities: Sendable, Hashable {
    /// DA1's attribute for sixel graphics.
    package static let sixelAttribute = 4
    /// DECRQM's mode number for synchronized output.
    package static let synchronizedOutputMode = 2026
    /// The terminal names (TERM_PROGRAM, LC_TERMINAL, or the start of XTVERSION's text) that draw
    /// iTerm2's inline images.
    package static let inlineImageTerminals = ["iTerm.app", "iTerm2", "WezTerm", "mintty"]

    package let environment: GraphicsEnvironment
    /// The kitty graphics query was answered `OK`.
    private(set) var kittyGraphics = false
    /// The kitty query by temporary file was answered `OK`: the terminal reads this machine's files.
    private(set) var kittyFiles = false
    /// DA1 lists attribute 4.
    private(set) var sixel = false
    /// XTSMGRAPHICS: how many sixel colour registers (nil: not answered, or failed).
    private(set) var sixelColorRegisters: Int?
    /// XTSMGRAPHICS: the largest sixel picture (nil: not answered, or failed).
    private(set) var sixelMaximumSize: PixelSize?
    /// XTVERSION's text, such as `kitty(0.26.5)` or `tmux 3.3a`.
    private(set) var version: String?
    /// `CSI 4 t`: the text area in pixels.
    private(set) var windowPixels: PixelSize?
    /// `CSI 6 t`: one cell in pixels.
    private(set) var reportedCellPixels: PixelSize?
    /// DECRQM says mode 2026 is known and can be set.
    private(set) var synchronizedOutput = false
    /// DA1 has come: every other answer the terminal gives has come before it.
    private(set) var answered = false

    package init(environment: GraphicsEnvironment) {
        self.environment = environment
    }

    /// The capabilities after `replies`, in order.
    package init(environment: GraphicsEnvironment, replies: [GraphicsReply]) {
        self.init(environment: environment)
        for reply in replies { apply(reply) }
    }

    /// Takes one reply. Replies after DA1 (late, or a second batch) change nothing.
    package mutating func apply(_ reply: GraphicsReply) {
        guard !answered else { return }
        switch reply {
        case .kittyGraphics(let ok):
            kittyGraphics = ok
        case .kittyFiles(let ok):
            kittyFiles = ok
        case .primaryDeviceAttributes(let attributes):
            sixel = attributes.dropFirst().contains(Self.sixelAttribute)
            answered = true
        case .graphicsAttribute(let item, let status, let values):
            guard status == 0 else { return }
            if item == 1, let registers = values.first, registers > 0 { sixelColorRegisters = registers }
            if item == 2, values.count >= 2 {
                let size = PixelSize(width: values[0], height: values[1])
                if size.isKnown { sixelMaximumSize = size }
            }
        case .version(let text):
            version = text
        case .windowPixels(let size):
            if size.isKnown { windowPixels = size }
        case .cellPixels(let size):
            if size.isKnown { reportedCellPixels = size }
        case .privateMode(let mode, let value):
            // 1 set, 2 reset: the terminal has the mode (3 and 4 are permanent, 0 unknown).
            if mode == Self.synchronizedOutputMode { synchronizedOutput = value == 1 || value == 2 }
        }
    }

    /// Whether a multiplexer sits between the program and the terminal: TMUX or STY set, TERM naming
    /// tmux or screen, or XTVERSION answered by tmux. It keeps no track of passed-through pictures.
    package var behindMultiplexer: Bool {
        if !(environment.tmux ?? "").isEmpty || !(environment.screenSession ?? "").isEmpty { return true }
        if let term = environment.term, term.hasPrefix("tmux") || term.hasPrefix("screen") { return true }
        return version?.hasPrefix("tmux") ?? false
    }

    /// Whether the terminal draws iTerm2's inline images, by its name in TERM_PROGRAM, LC_TERMINAL or
    /// XTVERSION (there is no query for them).
    package var inlineImages: Bool {
        let names = [environment.termProgram, environment.lcTerminal, version].compactMap { $0 }
        return names.contains { name in Self.inlineImageTerminals.contains { name.hasPrefix($0) } }
    }

    /// One cell's size in pixels for a terminal of `columns` × `rows` cells: from TIOCGWINSZ's pixel size
    /// (`windowSize`, its ws_xpixel × ws_ypixel) when it has one, else `CSI 16 t`'s answer, else
    /// `CSI 14 t`'s over the cell count; nil when none is known.
    package func cellPixels(columns: Int, rows: Int, windowSize: PixelSize?) -> PixelSize? {
        func perCell(_ window: PixelSize?) -> PixelSize? {
            guard let window, window.isKnown, columns > 0, rows > 0 else { return nil }
            let cell = PixelSize(width: window.width / columns, height: window.height / rows)
            return cell.isKnown ? cell : nil
        }
        return perCell(windowSize) ?? reportedCellPixels ?? perCell(windowPixels)
    }

    /// Whether the terminal said (or its name says) it draws `graphicsProtocol`.
    package func draws(_ graphicsProtocol: GraphicsProtocol) -> Bool {
        switch graphicsProtocol {
        case .kitty: return kittyGraphics
        case .iterm2: return inlineImages
        case .sixel: return sixel
        case .symbols, .off: return true
        }
    }
}
