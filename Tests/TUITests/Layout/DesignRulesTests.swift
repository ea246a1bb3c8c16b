import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// The rules behind the design snapshots, each checked on its own (issue 12).
@Suite("Layout: design rules (issue 12)")
struct DesignRulesTests {
    typealias D = DesignFixtures
    typealias F = LayoutFixtures

    static func frame(_ state: ViewState, _ width: Int, _ height: Int, _ options: LayoutOptions = LayoutOptions()) -> Frame {
        ScreenLayout(options: options).frame(for: state, width: width, height: height)
    }

    // MARK: Bars

    @Test("segment widths differ by at most one column, the wider ones spread evenly", arguments: [
        (3, 76), (5, 74), (4, 70), (7, 200), (20, 78), (2, 17),
    ])
    func evenWidths(count: Int, width: Int) {
        let bars = ProgressBarLayout(segments: 0..<count, current: 0, progress: 0, ascii: false)
        let widths = bars.geometry(left: 0, width: width).placements.map(\.width)
        #expect(widths.count == count)
        #expect((widths.max() ?? 0) - (widths.min() ?? 0) <= 1)
        #expect(widths.reduce(0, +) + count - 1 == width, "every column is used")
        // The wider ones are spread: between two of them there are never more narrow ones than
        // the even share (count / wider, rounded up).
        let wider = widths.indices.filter { widths[$0] > (widths.min() ?? 0) }
        if wider.count > 1 {
            let share = (count + wider.count - 1) / wider.count
            #expect(zip(wider, wider.dropFirst()).allSatisfy { $1 - $0 <= share }, "\(widths)")
            #expect(wider.first ?? 0 <= share && count - 1 - (wider.last ?? 0) <= share, "\(widths)")
        }
        // Both halves get their part of the spare columns (the old layout gave them all to the first).
        let half = count / 2
        let left = widths.prefix(half).reduce(0, +), right = widths.suffix(half).reduce(0, +)
        #expect(abs(left - right) <= 1, "\(widths)")
    }

    @Test("three segments at 80 columns (78 for the bar, 76 for the segments): the spare column goes to the middle one")
    func middleGetsTheSpare() {
        let bars = ProgressBarLayout(segments: 0..<3, current: 0, progress: 0, ascii: false)
        #expect(bars.geometry(left: 1, width: 78).placements.map(\.width) == [25, 26, 25])
    }

    @Test("done, current and later segments differ in shape; without autoplay the current one is its own pattern")
    func currentSegment() {
        let deck = BarsAndTextLayoutTests.manyStories(3)
        for ascii in [false, true] {
            let options = LayoutOptions(ascii: ascii)
            var state = F.state(deck, index: 1, progress: 0.5)
            let playing = Self.frame(state, 40, 10, options).lines[0]
            state.autoplay = false
            let still = Self.frame(state, 40, 10, options).lines[0]
            let segments = still.split(separator: " ")
            #expect(Set(segments[0]).count == 1 && Set(segments[1]).count == 1 && Set(segments[2]).count == 1)
            #expect(Set([segments[0].first, segments[1].first, segments[2].first]).count == 3,
                    "done, current and later: three glyphs (\(still))")
            #expect(playing != still)
        }
        var state = F.state(deck, index: 1, progress: 0.5)
        state.autoplay = false
        let frame = Self.frame(state, 40, 10)
        #expect(frame[0, 20].style.foreground == .cyan, "the current segment is in the accent")
        #expect(frame[0, 35].style.dim, "later ones are dim")
    }

    @Test("dark theme: every bar cell a step can change has no colour or attribute, so a step costs a few bytes")
    func cheapBarStep() {
        let layout = ScreenLayout(options: LayoutOptions())
        let deck = D.deck
        var previous = layout.frame(for: D.state(index: 1, progress: 0), width: 80, height: 24)
        var state = D.state(index: 1, progress: 0)
        for step in 1...(15 * 8) {
            state.progress = (Double(step) + 0.5) / Double(15 * 8)
            let frame = layout.frame(for: state, width: 80, height: 24,
                                     reusing: (D.state(deck, index: 1, progress: 0), previous))
            for change in FrameDiff.changes(from: previous, to: frame) {
                #expect(change.row == 0)
                #expect(frame[change.row, change.column].style == .plain, "step \(step)")
            }
            previous = frame
        }
    }

    // MARK: Holds, countdown, notices, too small

    @Test("art stays put when a hold hides title and caption, at every size", arguments: DesignFixtures.sizes)
    func artStaysPut(width: Int, height: Int) {
        for index in [0, 2] {
            let shown = Self.frame(D.state(index: index), width, height)
            var held = D.state(index: index)
            held.hidesText = true
            let hidden = Self.frame(held, width, height)
            let art = D.deck.stories[index].art?.split(separator: "\n").map(String.init) ?? []
            let row = { (frame: Frame) in frame.lines.firstIndex { $0.contains(art[1]) } }
            #expect(row(shown) != nil && row(shown) == row(hidden), "story \(index) at \(width)×\(height)")
            #expect(shown.lines.firstIndex { $0.contains(art[1]) }.map { shown.lines[$0] }
                    == hidden.lines.firstIndex { $0.contains(art[1]) }.map { hidden.lines[$0] }, "same columns too")
        }
    }

    @Test("art cut at the bottom keeps its columns (it is centred by its whole width)")
    func clippedArtKeepsColumns() {
        var state = D.state(index: 0)
        let whole = Self.frame(state, 40, 12).lines
        state.notice = "Reload failed: deck.json:1:1: error: a problem long enough to take three rows at the bottom"
        let clipped = Self.frame(state, 40, 12).lines
        let face = { (lines: [String]) in lines.first { $0.contains("|o_o |") } }
        #expect(face(whole) != nil && face(whole) == face(clipped))
        #expect(!clipped.joined().contains("(___/"), "the bottom of the art is cut")
    }

    @Test("clipped art shows whole during a hold")
    func clippedArtShowsWhole() {
        let art = (1...8).map { "line \($0)" }.joined(separator: "\n")
        let deck = Deck(stories: [Story(id: "a", title: "T", caption: "One two three four five six seven eight nine.", art: art)])
        var state = F.state(deck)
        #expect(!Self.frame(state, 20, 8).lines.joined().contains("line 8"))
        state.hidesText = true
        let held = Self.frame(state, 20, 8).lines.joined()
        #expect(held.contains("line 1") && held.contains("line 6"))
    }

    @Test("the leeway counts down on the second row, in the accent")
    func countdown() {
        var state = D.state(index: 0, progress: 0)
        state.countdown = 3
        let frame = Self.frame(state, 80, 24)
        #expect(frame.lines[1].hasSuffix("Starts in 3  1/5 "))
        #expect(frame[1, 63].style.foreground == .cyan)
        var spanish = state
        spanish.countdown = 1
        #expect(ScreenLayout(options: LayoutOptions(language: .spanish)).frame(for: spanish, width: 80, height: 24)
            .lines[1].hasSuffix("Empieza en 1  1/5 "))
    }

    @Test("a reload error wraps so that its location shows at 80 columns")
    func noticeWraps() {
        var state = D.state(index: 0)
        state.notice = "Reload failed: /home/ana/decks/a-deck-with-a-long-name.json:12:7: error: stories[3].duration: must be greater than 0"
        let lines = F.text(Self.frame(state, 80, 24))
        #expect(lines.suffix(3).joined(separator: " ").contains("a-deck-with-a-long-name.json:12:7:"))
        #expect(lines.suffix(3).joined(separator: " ").contains("must be greater than 0"))
    }

    @Test("too small: the message names the minimum size, down to 1×1")
    func tooSmall() {
        for (width, height) in [(19, 5), (15, 5), (12, 4), (19, 2)] {
            let text = Self.frame(D.state(index: 0), width, height).lines.joined(separator: " ")
            #expect(text.contains("20×6") || height < 3, "\(width)×\(height)")
            #expect(text.contains("Terminal"))
        }
        #expect(F.text(Self.frame(D.state(index: 0), 1, 1)) == ["…"])
    }

    // MARK: Text stories and captions

    @Test("a text story has its title and caption in the middle, not on the second row")
    func textStoryInTheMiddle() throws {
        let lines = F.text(Self.frame(D.state(index: 1), 80, 24))
        #expect(lines[1].trimmingCharacters(in: .whitespaces) == "2/5")
        let title = try #require(lines.firstIndex { $0.contains("Any language") })
        #expect(title > 6 && title < 14)
        #expect(lines[title + 1].trimmingCharacters(in: .whitespaces) == "───")
        #expect(lines[title + 2].contains("Captions wrap"))
        let column = lines[title].prefix { $0 == " " }.count
        #expect(abs(column * 2 + DisplayWidth.of("Any language") - 80) <= 1, "centred")
    }

    @Test("a cut caption ends with … more (m) in the accent; m is the key in the table")
    func moreHint() throws {
        let frame = Self.frame(D.state(index: 2), 40, 12)
        let row = try #require(frame.lines.firstIndex { $0.contains("more (m)") })
        let column = try #require(frame.lines[row].range(of: "more").map { frame.lines[row].distance(from: frame.lines[row].startIndex, to: $0.lowerBound) })
        #expect(frame[row, column].style.foreground == .cyan)
        #expect(Keymap.action(for: .character("m")) == .caption)
        let ascii = F.text(Self.frame(D.state(index: 2), 40, 12, LayoutOptions(ascii: true)))
        #expect(ascii.contains { $0.hasSuffix("... more (m)") })
    }

    // MARK: Pictures

    @Test("the picture box is the area under the bars within the margins; nothing below the minimum size")
    func pictureBox() {
        #expect(ScreenLayout.pictureBox(width: 80, height: 24) == (78, 22))
        #expect(ScreenLayout.pictureBox(width: 19, height: 24) == (0, 0))
    }

    @Test("a ready picture is centred in its box; the title and caption stand over it; a hold shows it whole")
    func picture() {
        let cells = D.picture(columns: 78, rows: 22)
        var state = D.state(index: 3)
        state.picture = .ready(cells)
        let frame = Self.frame(state, 80, 24)
        let left = 1 + (78 - cells.columns) / 2
        #expect(frame[12, left].style.background != .standard && frame[12, left - 1].style.background == .standard)
        #expect(frame[1, 1].text == "L" && frame[1, 1].style.bold, "the title over the picture")
        #expect(frame[1, 11].style == .plain, "a column of backdrop after the title")
        #expect(frame.lines.contains { $0.contains("The light at dusk") })
        state.hidesText = true
        let held = Self.frame(state, 80, 24)
        #expect(!held.lines.joined().contains("Lighthouse") && !held.lines.joined().contains("The light"))
        #expect(held[1, 20].style.background != .standard, "the picture's top row shows once the title is gone")
    }

    @Test("until the picture is ready, or when it cannot be shown, its alt text stands in the middle of its box")
    func pictureAlt() throws {
        var state = D.state(index: 3)
        state.picture = .pending
        let pending = F.text(Self.frame(state, 80, 24))
        let row = try #require(pending.firstIndex { $0.contains("[image: A lighthouse at dusk]") })
        #expect(row == 1 + (22 - 1) / 2)
        state.picture = .unavailable
        #expect(F.text(Self.frame(state, 80, 24))[row].contains("[image: A lighthouse at dusk]"))
        state.picture = nil
        #expect(F.text(Self.frame(state, 80, 24))[row].contains("[image: A lighthouse at dusk]"))
    }

    @Test("a picture that cannot be shown: under its alt text one dimmed line says why, in the active language")
    func pictureReason() throws {
        var state = D.state(index: 3)
        state.picture = .failed(.missing)
        let frame = Self.frame(state, 80, 24)
        let lines = F.text(frame)
        let alt = try #require(lines.firstIndex { $0.contains("[image: A lighthouse at dusk]") })
        // A missing file is named, as the deck writes it.
        let image = try #require(state.story?.image)
        #expect(lines[alt + 1].trimmingCharacters(in: .whitespaces) == "no such file: \(image)")
        let column = try #require(Array(lines[alt + 1]).firstIndex(of: "n"))
        #expect(frame[alt + 1, column].style.dim, "dimmed")
        let spanish = F.text(ScreenLayout(options: LayoutOptions(language: .spanish)).frame(for: state, width: 80, height: 24))
        let altES = try #require(spanish.firstIndex { $0.contains("[imagen: A lighthouse at dusk]") })
        #expect(spanish[altES + 1].contains("no existe: \(image)"))
        // The words --check uses, cut to the caption's measure on one line.
        state.picture = .failed(.undecodable(String(repeating: "long reason ", count: 20)))
        let cut = F.text(Self.frame(state, 40, 24))
        let reasonRows = cut.filter { $0.contains("decoded") || $0.contains("long reason") }
        #expect(reasonRows.count == 1 && reasonRows[0].contains("the image cannot be decoded"), "\(cut)")
        state.picture = .unavailable
        #expect(F.text(Self.frame(state, 80, 24))[alt + 1].trimmingCharacters(in: .whitespaces).isEmpty, "no reason for --images off")
    }

    @Test("--ascii: a picture is a mosaic of coloured spaces (the top half's colour), or ASCII shades without colour; never ~")
    func pictureInASCII() throws {
        let red = TerminalColor.indexed(196), blue = TerminalColor.indexed(21)
        let symbols: [Character] = ["▀", "▄", "█", " ", "░", "▒", "▓"]
        let cells = ImageCells(columns: symbols.count, rows: 1,
                               cells: symbols.map { ImageCell(character: $0, foreground: red, background: blue) })
        var state = D.state(index: 3)
        state.picture = .ready(cells)
        let colour = Self.frame(state, 80, 24, LayoutOptions(ascii: true))
        let row = try #require((0..<24).first { colour[$0, 40].style.background == red || colour[$0, 40].style.background == blue })
        let left = try #require((0..<80).first { colour[row, $0].style.background == red })
        #expect((0..<7).map { colour[row, left + $0].text } == Array(repeating: " ", count: 7))
        #expect((0..<3).map { colour[row, left + $0].style.background } == [red, blue, red], "▀ top red, ▄ top blue, █ red")
        #expect(!F.text(colour).joined().contains("~"))
        let plain = F.text(Self.frame(state, 80, 24, LayoutOptions(ascii: true, color: false)))
        #expect(plain.contains { $0.contains("\"_# .+%") }, "\(plain)")
    }

    @Test("without colour a picture is still drawn (its cells come as shapes); art stands in for an image until its picture is drawn")
    func pictureFallbacks() {
        var state = D.state(index: 3)
        state.picture = .ready(D.picture(columns: 78, rows: 22))
        let plain = F.text(Self.frame(state, 80, 24, LayoutOptions(color: false)))
        #expect(!plain.contains { $0.contains("[image: A lighthouse at dusk]") } && plain.joined().contains("▀"))
        let deck = Deck(stories: [Story(id: "both", title: "Both", art: "ART", image: "p.png", alt: "alt")])
        var both = F.state(deck)
        #expect(Self.frame(both, 80, 24).lines.joined().contains("ART"))
        both.picture = .ready(D.picture(columns: 78, rows: 22))
        let drawn = Self.frame(both, 80, 24).lines.joined()
        #expect(!drawn.contains("ART") && drawn.contains("▀"))
    }

    // MARK: Colours

    @Test("story colours: the background with readable text, the accent on the position and current track")
    func storyColours() {
        var state = D.state(index: 0)
        state.colors = StoryColors(background: .rgb(0x10, 0x20, 0x40), accent: .indexed(9))
        let frame = Self.frame(state, 80, 24)
        #expect(frame[10, 5].style.background == .rgb(0x10, 0x20, 0x40))
        #expect(frame[10, 5].style.foreground == .indexed(15), "light text on a dark background")
        #expect(frame[1, 77].style.foreground == .indexed(9))
        state.colors = StoryColors(background: .indexed(11))
        let light = Self.frame(state, 80, 24)
        #expect(light[10, 5].style.foreground == .black, "dark text on a light background")
        #expect(light[1, 77].style.foreground == .blue, "the default accent turns blue on a light background")
        let plain = ScreenLayout(options: LayoutOptions(color: false)).frame(for: state, width: 80, height: 24)
        #expect(plain[10, 5].style == .plain, "no colour at all without colour")
    }

    @Test("light and dark backgrounds, by WCAG contrast: black or white, whichever has the higher ratio")
    func lightness() {
        // Mid-blue: black reads at 6.3:1, white at 3.3:1 (BT.601 brightness called it dark).
        #expect(TerminalColor.rgb(0, 144, 248).isLight == true)
        #expect(ThemeStyles.textColor(on: .rgb(0, 144, 248)) == .black)
        // Green of xterm's palette: black 9.7:1, white 2.2:1.
        #expect(TerminalColor.green.isLight == true && TerminalColor.red.isLight == false)
        #expect(TerminalColor.rgb(127, 127, 127).isLight == true && TerminalColor.rgb(110, 110, 110).isLight == false)
        #expect(TerminalColor.black.isLight == false && TerminalColor.indexed(15).isLight == true)
        #expect(TerminalColor.yellow.isLight == true && TerminalColor.blue.isLight == false)
        #expect(TerminalColor.rgb(0xf0, 0xe0, 0xc0).isLight == true && TerminalColor.rgb(0x1d, 0x3b, 0x5c).isLight == false)
        #expect(TerminalColor.standard.isLight == nil)
    }

    // MARK: Panels

    @Test("the help at 40×12 and 20×6: its last line says how to close and quit; scrolling reaches the end")
    func helpEverywhere() throws {
        for (width, height) in [(40, 12), (20, 6), (80, 24), (120, 40)] {
            for language in [Language.english, .spanish] {
                let layout = OverlayLayout(options: LayoutOptions(language: language))
                let panel = try #require(layout.helpPanel(width: width, height: height))
                let last = panel.footer.joined(separator: " ")
                #expect(last.contains(language == .english ? "q quit" : "q salir"), "\(width)×\(height)")
                #expect(last.contains("Esc"))
                var state = D.state(index: 0)
                state.overlay = .help(scroll: panel.maxScroll)
                let text = ScreenLayout(options: LayoutOptions(language: language)).frame(for: state, width: width, height: height)
                    .lines.joined()
                #expect(text.contains(language == .english ? "scrolls" : "desplaza"), "the last help line shows at the end")
            }
        }
    }

    @Test("the caption panel holds the whole caption; scrolled to the end it shows the last line")
    func captionPanel() throws {
        let layout = OverlayLayout(options: LayoutOptions())
        let story = D.deck.stories[2]
        let panel = try #require(layout.captionPanel(for: story, width: 40, height: 12))
        #expect(panel.scrolls)
        var state = D.state(index: 2)
        state.overlay = .caption(scroll: panel.maxScroll)
        #expect(Self.frame(state, 40, 12).lines.joined().contains("The last line of the caption."))
        state.overlay = .caption(scroll: 0)
        #expect(!Self.frame(state, 40, 12).lines.joined().contains("The last line of the caption."))
    }

    @Test("the list previews a title, else the caption's start, else the alt, else what it shows")
    func previews() {
        let messages = Messages(language: .english)
        let stories = D.grouped.stories
        #expect(StoryPreview(stories[0], messages: messages) == StoryPreview(text: "Coffee", source: .title))
        #expect(StoryPreview(stories[1], messages: messages)
            == StoryPreview(text: "An untitled story: the list quotes its caption. Second line.", source: .caption))
        #expect(StoryPreview(stories[2], messages: messages) == StoryPreview(text: "A train in the rain", source: .description))
        #expect(StoryPreview(stories[4], messages: messages) == StoryPreview(text: "(art)", source: .description))
        #expect(StoryPreview(Story(id: "i", image: "x.png"), messages: messages).text == "[image: x.png]")
        #expect(messages.duration(5) == "5s" && messages.duration(2.5) == "2.5s" && messages.duration(90) == "1m 30s"
                && messages.duration(3600) == "1h" && messages.duration(3900) == "1h 5m")
    }
}
