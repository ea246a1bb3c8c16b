import Engine
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Gradient: a background from top to bottom, per colour depth (docs/VIEWER.md \"Gradients\")")
struct GradientLayoutTests {
    typealias F = LayoutFixtures
    static let sunset = BackgroundGradient(stops: [.rgb(255, 138, 0), .rgb(229, 46, 113), .rgb(58, 28, 113)])

    @Test("truecolour: the end rows are the stops, the rows between interpolated in sRGB, monotonic")
    func truecolorInterpolation() {
        let two = BackgroundGradient(stops: [.rgb(0, 0, 0), .rgb(200, 100, 50)])
        let rows = (0..<5).map { two.color(row: $0, of: 5, mode: .truecolor) }
        #expect(rows == [.rgb(0, 0, 0), .rgb(50, 25, 13), .rgb(100, 50, 25), .rgb(150, 75, 38), .rgb(200, 100, 50)])
        let three = (0..<9).map { Self.sunset.color(row: $0, of: 9, mode: .truecolor) }
        #expect(three.first == .rgb(255, 138, 0) && three[4] == .rgb(229, 46, 113) && three.last == .rgb(58, 28, 113))
        // Between the first two stops green falls and blue rises row by row.
        let greens = three[0...4].map { BackgroundGradient.rgb(of: $0).1 }
        #expect(greens == greens.sorted(by: >) && Set(greens).count == 5)
    }

    @Test("named stops interpolate through their palette colours but end rows keep the names")
    func namedStops() {
        let gradient = BackgroundGradient(stops: [.indexed(4), .indexed(15)])
        #expect(gradient.color(row: 0, of: 3, mode: .truecolor) == .indexed(4))
        #expect(gradient.color(row: 2, of: 3, mode: .truecolor) == .indexed(15))
        #expect(gradient.color(row: 1, of: 3, mode: .truecolor) == .rgb(128, 128, 247))
    }

    @Test("256 colours: each row the nearest colour of the cube, so rows fall into bands that keep the hue")
    func banding256() {
        let rows = (0..<24).map { Self.sunset.color(row: $0, of: 24, mode: .indexed240) }
        #expect(rows.first == .rgb(255, 138, 0) && rows.last == .rgb(58, 28, 113))
        let inner = rows.dropFirst().dropLast()
        #expect(inner.allSatisfy { if case .indexed(let index) = $0 { index >= 16 } else { false } })
        // Fewer distinct colours than rows (bands), but more than the stops (still a gradient).
        let distinct = Set(inner).count
        #expect(distinct > 3 && distinct < inner.count)
        // Neighbouring rows change by at most one band at a time: each colour is one run.
        var runs = 1
        for (a, b) in zip(inner, inner.dropFirst()) where a != b { runs += 1 }
        #expect(runs == distinct)
    }

    @Test("16 and 8 colours: one equal band a stop, in the stop's own colour")
    func banding16And8() {
        for mode in [ImageColorMode.indexed16, .indexed8] {
            let rows = (0..<9).map { Self.sunset.color(row: $0, of: 9, mode: mode) }
            #expect(rows == Array(repeating: Self.sunset.stops[0], count: 3) + Array(repeating: Self.sunset.stops[1], count: 3)
                + Array(repeating: Self.sunset.stops[2], count: 3), "\(mode)")
        }
        let two = BackgroundGradient(stops: [.indexed(4), .indexed(1)])
        #expect((0..<6).map { two.color(row: $0, of: 6, mode: .indexed16) }
            == [.indexed(4), .indexed(4), .indexed(4), .indexed(1), .indexed(1), .indexed(1)])
        #expect(two.color(row: 9, of: 6, mode: .indexed16) == .indexed(1) && two.color(row: 0, of: 1, mode: .indexed8) == .indexed(4))
    }

    @Test("StoryColors answers per row: a plain colour on every row, a gradient row by row")
    func storyColorsPerRow() {
        let plain = StoryColors(background: .blue)
        #expect((0..<4).map { plain.background(row: $0, of: 4, mode: .truecolor) } == Array(repeating: .blue, count: 4))
        #expect(StoryColors().background(row: 2, of: 4, mode: .truecolor) == nil)
        let gradient = StoryColors(gradient: Self.sunset)
        #expect(gradient.background == Self.sunset.stops[0])
        #expect(gradient.background(row: 8, of: 9, mode: .truecolor) == Self.sunset.stops[2])
    }

    @Test("the frame: every row under the bars in its colour, text in the black or white that reads on it")
    func framePainted() {
        let deck = Deck(stories: [Story(id: "a", title: "Sunset", caption: "Orange to purple.")])
        var state = F.state(deck)
        state.colors = StoryColors(gradient: Self.sunset)
        let frame = F.layout().frame(for: state, width: 30, height: 9)
        let backgrounds = (0..<9).map { frame[$0, 0].style.background }
        #expect(backgrounds == (0..<9).map { Self.sunset.color(row: $0, of: 9, mode: .truecolor) })
        // Each row is one background, text included.
        for row in 0..<9 { #expect((0..<30).allSatisfy { frame[row, $0].style.background == backgrounds[row] }) }
        // Orange (light) takes black text, the purple at the bottom white; the title and its caption are
        // one block, in the one of the two that reads on both their rows.
        let title = F.text(frame).firstIndex { $0.contains("Sunset") } ?? -1
        let caption = F.text(frame).firstIndex { $0.contains("Orange") } ?? -1
        let shown = frame[title, 12].style.foreground
        #expect(frame[caption, 8].style.foreground == shown)
        let luminances = (title...caption).compactMap { backgrounds[$0].relativeLuminance }
        let black = ((luminances.min() ?? 0) + 0.05) / 0.05, white = 1.05 / ((luminances.max() ?? 0) + 0.05)
        #expect(shown == (black > white ? .black : .indexed(15)))
        #expect(ThemeStyles.textColor(on: backgrounds[1]) == .black && ThemeStyles.textColor(on: backgrounds[8]) == .indexed(15))
        // Row 0 keeps the styles a bar step uses.
        #expect(frame[0, 0].style == F.layout().styles(for: state).base)
    }

    @Test("a paragraph over a gradient is one text colour, the one that reads worst-case best over its rows")
    func paragraphOneColour() throws {
        let caption = String(repeating: "Orange to purple and on to the night. ", count: 6)
        let deck = Deck(stories: [Story(id: "a", title: "Sunset", caption: caption)])
        var state = F.state(deck)
        state.colors = StoryColors(gradient: Self.sunset)
        let frame = F.layout().frame(for: state, width: 40, height: 16)
        let rows = F.text(frame).indices.filter { F.text(frame)[$0].contains("night") || F.text(frame)[$0].contains("purple") }
        #expect(rows.count >= 3, "\(F.text(frame))")
        let colours = Set(rows.flatMap { row in
            (0..<40).filter { frame[row, $0].text != " " }.map { frame[row, $0].style.foreground }
        })
        #expect(colours.count == 1, "the caption's rows have text in \(colours)")
        // The rows it spans go from light enough for black to dark enough for white: one colour had to be chosen.
        let backgrounds = Set(rows.map { ThemeStyles.textColor(on: Self.sunset.color(row: $0, of: 16, mode: .truecolor)) })
        #expect(backgrounds.count == 2, "the test needs a caption across the change from black to white text")
    }

    @Test("a panel over a gradient is one colour, the gradient's at the middle row, with text and accent that read on it")
    func panelIsSolid() throws {
        let deck = Deck(stories: [Story(id: "a", title: "Sunset", caption: "Orange to purple.")])
        var state = F.state(deck)
        state.colors = StoryColors(gradient: Self.sunset)
        state.overlay = .help(scroll: 0)
        let frame = F.layout().frame(for: state, width: 60, height: 20)
        let middle = Self.sunset.color(row: 10, of: 20, mode: .truecolor)
        let text = F.text(frame)
        let top = try #require(text.firstIndex { $0.contains("┌") }), bottom = try #require(text.lastIndex { $0.contains("└") })
        let left = try #require(text[top].firstIndex(of: "┌")).utf16Offset(in: text[top])
        for row in top...bottom {
            #expect(frame[row, left + 2].style.background == middle, "row \(row) of the panel")
        }
        let keys = try #require(text.firstIndex { $0.contains("next story") })
        let column = try #require(text[keys].range(of: "next story")).lowerBound.utf16Offset(in: text[keys])
        #expect(frame[keys, column].style.foreground == ThemeStyles.textColor(on: middle))
        // The keys are in the accent, which must read on the panel's colour (else the text colour).
        let key = frame[keys, left + 2].style.foreground
        let contrast = key.brightness.flatMap { k in middle.brightness.map { abs(k - $0) } } ?? 0
        #expect(key == ThemeStyles.textColor(on: middle) || contrast >= ScreenLayout.accentContrast)
        // The footer and border are not dimmed there: dim text on the mid colour read at about 2.5:1.
        let footer = try #require(text.lastIndex { $0.contains("close") })
        let close = try #require(text[footer].range(of: "close")).lowerBound.utf16Offset(in: text[footer])
        #expect(!frame[footer, close].style.dim && !frame[top, left].style.dim)
        // Outside the panel the rows keep their own colours.
        #expect(frame[bottom + 1, 0].style.background == Self.sunset.color(row: bottom + 1, of: 20, mode: .truecolor))
    }

    @Test("an accent too near a row's brightness takes the row's text colour there; elsewhere it stays")
    func accentKeepsContrast() {
        let deck = Deck(stories: [Story(id: "a", title: "T", caption: "C", link: "https://e.com/x")])
        var state = F.state(deck)
        // Magenta accent over a gradient from white to magenta: unreadable at the bottom only.
        state.colors = StoryColors(accent: .rgb(200, 0, 200),
                                   gradient: BackgroundGradient(stops: [.indexed(15), .rgb(200, 0, 200)]))
        let top = F.layout().frame(for: state, width: 30, height: 20)
        let linkRow = top.links.first?.row ?? 0
        let linkColumn = top.links.first?.column ?? 0
        let background = top[linkRow, linkColumn].style.background
        let expected: TerminalColor = abs((background.brightness ?? 0) - 79) < ScreenLayout.accentContrast
            ? ThemeStyles.textColor(on: background) : .rgb(200, 0, 200)
        #expect(top[linkRow, linkColumn].style.foreground == expected)
        // At the very bottom row the accent is the background itself: never drawn in it.
        var bottom = state
        bottom.colors = StoryColors(accent: .rgb(200, 0, 200),
                                    gradient: BackgroundGradient(stops: [.rgb(200, 0, 200), .rgb(200, 0, 200)]))
        let frame = F.layout().frame(for: bottom, width: 30, height: 20)
        for row in 1..<20 {
            for column in 0..<30 { #expect(frame[row, column].style.foreground != frame[row, column].style.background) }
        }
    }

    @Test("16 colours in the frame: bands; no colour: no gradient at all")
    func framePerDepth() {
        let deck = Deck(stories: [Story(id: "a", title: "Two", caption: "Bands.")])
        var state = F.state(deck)
        state.colors = StoryColors(gradient: BackgroundGradient(stops: [.indexed(15), .indexed(4)]))
        var options = LayoutOptions()
        options.colorMode = .indexed16
        let frame = ScreenLayout(options: options).frame(for: state, width: 30, height: 8)
        #expect((0..<8).map { frame[$0, 0].style.background } == Array(repeating: .indexed(15), count: 4)
            + Array(repeating: .indexed(4), count: 4))
        let plain = F.layout(color: false).frame(for: state, width: 30, height: 8)
        #expect((0..<8).allSatisfy { plain[$0, 0].style.background == .standard })
    }

    @Test("a story's own plain background replaces the deck's gradient; its gradient replaces the deck's colour")
    func storyOverridesDeck() {
        var deck = Deck(background: .named(1), stories: [Story(id: "a", title: "A", background: .named(2)),
                                                        Story(id: "b", title: "B"),
                                                        Story(id: "c", title: "C", background: .named(3),
                                                              backgroundGradient: [.named(3), .named(4)])])
        deck.backgroundGradient = [.named(1), .named(5)]
        var model = ViewerModel(deck: deck, playbackOptions: PlaybackOptions(), settings: ViewerModel.Settings(),
                                size: TerminalSize(width: 40, height: 10))
        #expect(model.storyColors.gradient == nil && model.storyColors.background == .indexed(2))
        _ = model.update(.start, at: 0)
        _ = model.update(.control(.goto("b")), at: 0)
        #expect(model.storyColors.gradient?.stops == [.indexed(1), .indexed(5)])
        _ = model.update(.control(.goto("c")), at: 0)
        #expect(model.storyColors.gradient?.stops == [.indexed(3), .indexed(4)])
    }

    @Test("snapshot: a text story with a link on a gradient, in truecolour, 256, 16 colours and without colour")
    func snapshot() {
        let deck = Deck(stories: [Story(id: "a", title: "Sunset", caption: "Orange to purple, row by row.",
                                        link: "https://example.com/sunset?ref=deck")])
        var state = F.state(deck)
        state.colors = StoryColors(gradient: Self.sunset)
        var sections: [String] = []
        for (name, mode, color) in [("truecolor", ImageColorMode.truecolor, true), ("256", .indexed240, true),
                                    ("16", .indexed16, true), ("no-color", .truecolor, false)] {
            var options = LayoutOptions(color: color)
            options.colorMode = mode
            let frame = ScreenLayout(options: options).frame(for: state, width: 40, height: 12)
            sections.append("## 40x12 \(name)\n" + StyleSnapshot.render(frame))
        }
        StyleSnapshot.expect(sections.joined(separator: "\n\n"), named: "gradient-link")
    }
}
