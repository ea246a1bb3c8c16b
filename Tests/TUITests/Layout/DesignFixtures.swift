import Engine
@testable import TUI
@testable import ViewerCore

/// The screens of issue 12, each as a view state, for the snapshot tests: drawn at 40×12, 80×24
/// and 120×40, in the dark and light themes, without colour and in ASCII.
enum DesignFixtures {
    /// How a screen is drawn.
    enum Variant: String, CaseIterable {
        case dark, light, noColor = "no-color", ascii

        var options: LayoutOptions {
            switch self {
            case .dark, .light: return LayoutOptions()
            case .noColor: return LayoutOptions(color: false)
            case .ascii: return LayoutOptions(ascii: true)
            }
        }

        /// The state as this variant shows it (light: the deck's theme is light).
        func apply(_ state: ViewState) -> ViewState {
            guard self == .light else { return state }
            var light = state
            light.deck.theme = .light
            return light
        }
    }

    static let sizes = [(40, 12), (80, 24), (120, 40)]

    static let art = "   .--.\n  |o_o |\n  |:_/ |\n //   \\ \\\n(|     | )\n/'\\_   _/`\\\n\\___)=(___/"
    static let poem = "Roses are red,\n    violets are blue,\n        whitespace is kept\n            and    so are you.\n\n"
        + "A long line wraps under its own indentation when it does not fit. Lorem ipsum dolor sit amet, "
        + "consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. "
        + "Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo.\n\n"
        + "The last line of the caption."

    /// Five stories: art, text, a long caption, an image, a title only.
    static let deck = Deck(title: "Design", stories: [
        Story(id: "hold", title: "Hold to read", caption: "Hold space and the title and caption step aside.", art: art),
        Story(id: "text", title: "Any language",
              caption: "Captions wrap by display width: 日本語のテキスト, emoji 🎉 and combining marks (é) line up."),
        Story(id: "poem", title: "A poem", caption: poem, art: "  *\n ***\n*****\n  |"),
        Story(id: "photo", title: "Lighthouse", caption: "The light at dusk, seen from the pier.", image: "photo.png",
              alt: "A lighthouse at dusk"),
        Story(id: "end", title: "That's all → bye"),
    ])

    static let grouped = Deck(title: "Trips", stories: [
        Story(id: "a1", title: "Coffee", duration: 4, art: "( (\n ) )\n[__]"),
        Story(id: "a2", caption: "An untitled story: the list quotes its caption.\nSecond line.", art: "~~~"),
        Story(id: "a3", image: "train.png", alt: "A train in the rain"),
        Story(id: "b1", title: "Cat on the roof, a title long enough to be cut in the list", duration: 90, art: "=^.^="),
        Story(id: "b2", art: "*"),
    ], groups: [StoryGroup(title: "Ana", range: 0..<3), StoryGroup(title: "Ben", range: 3..<5)])

    static func state(_ deck: Deck = deck, index: Int, progress: Double = 0.4, _ change: (inout ViewState) -> Void = { _ in })
        -> ViewState {
        var state = ViewState(deck: deck, currentIndex: index, progress: progress)
        change(&state)
        return state
    }

    /// A picture for a box, `contain`-shaped (a 4:3 photo): four bands of half blocks in RGB colours.
    static func picture(columns boxColumns: Int, rows boxRows: Int) -> ImageCells {
        let rows = max(1, min(boxRows, boxColumns * 3 / 8))
        let columns = max(1, min(boxColumns, rows * 8 / 3))
        let bands: [TerminalColor] = [.rgb(0x20, 0x40, 0x80), .rgb(0x40, 0x70, 0xb0), .rgb(0xd0, 0x90, 0x40),
                                      .rgb(0x30, 0x30, 0x30)]
        var cells: [ImageCell] = []
        for row in 0..<rows {
            let band = min(bands.count - 1, row * bands.count / rows)
            for _ in 0..<columns {
                cells.append(ImageCell(character: "▀", foreground: bands[band],
                                       background: bands[min(bands.count - 1, band + 1)]))
            }
        }
        return ImageCells(columns: columns, rows: rows, cells: cells)
    }

    /// The screens by name; a state may depend on the size (a picture converted for its box).
    static let screens: [(name: String, state: @Sendable (Int, Int) -> ViewState)] = [
        ("art", { _, _ in state(index: 0) }),
        ("text", { _, _ in state(index: 1) }),
        ("more", { _, _ in state(index: 2) }),
        ("title-only", { _, _ in state(index: 4, progress: 0.9) }),
        ("hold", { _, _ in state(index: 0) { $0.hidesText = true; $0.paused = true } }),
        ("paused-group", { _, _ in state(grouped, index: 3) { $0.paused = true } }),
        ("countdown", { _, _ in state(index: 0, progress: 0) { $0.countdown = 3 } }),
        ("no-autoplay", { _, _ in state(index: 2) { $0.autoplay = false } }),
        ("notice", { _, _ in
            state(index: 0) {
                $0.notice = "Reload failed: /home/ana/decks/design.json:12:7: error: stories[3].duration: must be "
                    + "greater than 0 (got -1)"
            }
        }),
        ("help", { _, _ in state(index: 0) { $0.overlay = .help(scroll: 0) } }),
        ("help-end", { _, _ in state(index: 0) { $0.overlay = .help(scroll: 1000) } }),
        ("caption-panel", { _, _ in state(index: 2) { $0.overlay = .caption(scroll: 0) } }),
        ("list", { _, _ in
            state(grouped, index: 1) {
                $0.overlay = .storyList(selection: 3)
                $0.seen = ["a1", "b2"]
            }
        }),
        ("picture", { width, height in
            let box = ScreenLayout.pictureBox(width: width, height: height)
            return state(index: 3) { $0.picture = .ready(picture(columns: box.columns, rows: box.rows)) }
        }),
        ("picture-hold", { width, height in
            let box = ScreenLayout.pictureBox(width: width, height: height)
            return state(index: 3) {
                $0.picture = .ready(picture(columns: box.columns, rows: box.rows))
                $0.hidesText = true
                $0.paused = true
            }
        }),
        ("picture-pending", { _, _ in state(index: 3) { $0.picture = .pending } }),
        ("picture-unavailable", { _, _ in
            state(index: 3) { $0.picture = .unavailable }
        }),
        ("colors", { _, _ in
            state(index: 1) { $0.colors = StoryColors(background: .rgb(0x1d, 0x3b, 0x5c), accent: .indexed(11)) }
        }),
        ("colors-light-background", { _, _ in
            state(index: 0) { $0.colors = StoryColors(background: .indexed(11)) }
        }),
    ]
}
