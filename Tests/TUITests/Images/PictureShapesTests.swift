import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Pictures without colour (NO_COLOR, `--no-color`, a monochrome terminal): symbol shapes alone in the
/// terminal's default colours, chosen by each pixel's lightness (issue 21; review finding 2).
@Suite struct PictureShapesTests {
    typealias Pixels = ImageFixtures.Pixels

    /// A bright disc on black, with a grey band: shapes must show all three.
    static let scene = Pixels(width: 96, height: 48) { x, y in
        let dx = x - 30, dy = y - 24
        if dx * dx + dy * dy < 300 { return (250, 250, 250, 255) }
        if x > 64 { return (128, 128, 128, 255) }
        return (0, 0, 0, 255)
    }

    @Test("Picture in shapes: no cell has a colour of its own, and the shapes follow the picture")
    func noColourInCells() throws {
        let cells = try #require(ImageConversionTests.cells(ImageConversionTests.render(
            ImageFixtures.png(Self.scene), columns: 24, rows: 6, mode: .shapes)))
        #expect(cells.cells.allSatisfy { $0.foreground == .standard && $0.background == .standard })
        let characters = Set(cells.cells.map(\.character))
        #expect(characters.contains(" ") && characters.contains("█"), "ink and paper: \(characters)")
        // The disc is ink (left third), the black is paper (right of the disc, left of the band).
        #expect(cells[2, 7].character != " ", "the disc is drawn")
        #expect(cells[2, 14].character == " ", "black stays paper")
        // Transparency without colour: clear pixels stay blank.
        let clear = try #require(ImageConversionTests.cells(ImageConversionTests.render(
            ImageFixtures.png(Pixels.solid(255, 255, 255, 0)), mode: .shapes, backdrop: .unknown())))
        #expect(clear.cells.allSatisfy { $0 == ImageCell(character: " ", foreground: .standard, background: .standard) })
    }

    @Test("Picture in shapes: the depth is none without colour, and the ready event says so")
    func depthNone() {
        #expect(ColorDepth.choose(setting: .auto, colors: 256, noColor: true) == ColorDepth.none)
        #expect(ImagePresentation.choose(depth: .none, setting: .auto) == .symbols(.shapes))
        #expect(EventLine.readyFacts(images: .symbols(.shapes), depth: .none) == #","images":"symbols","colors":"none""#)
        #expect(EventLine.readyFacts(images: .altText(.turnedOff), depth: .truecolor) == #","images":"off","colors":"truecolor""#)
        let ready = LifecycleEvent(time: 0, kind: .ready, index: 0, id: "a")
        #expect(EventLine.lifecycle(ready, origin: 0, readyFacts: #","colors":"256""#)
                == #"{"t":0.000,"event":"ready","index":0,"id":"a","colors":"256"}"#)
    }

    /// How much ink a symbol puts in its cell (the shades as fonts draw them).
    static func ink(_ character: Character) -> Double {
        ["░": 0.25, "▒": 0.5, "▓": 0.75, "█": 1, "▀": 0.5, "▄": 0.5][character] ?? 0
    }

    static func shapes(_ pixels: Pixels, columns: Int = 32, rows: Int = 8, backdrop: ImageBackdrop = .unknown()) throws -> ImageCells {
        try #require(ImageConversionTests.cells(ImageConversionTests.render(
            ImageFixtures.png(pixels), columns: columns, rows: rows, mode: .shapes, fit: .cover, backdrop: backdrop)))
    }

    /// The mean ink of a column of cells, or of all of them.
    static func meanInk(_ cells: ImageCells, columns: Range<Int>? = nil) -> Double {
        let range = columns ?? 0..<cells.columns
        var sum = 0.0
        for row in 0..<cells.rows { for column in range { sum += ink(cells[row, column].character) } }
        return sum / Double(cells.rows * range.count)
    }

    @Test("Picture in shapes: a grey gradient is every shade in turn, not a threshold")
    func greyGradient() throws {
        let gradient = Pixels(width: 128, height: 64) { x, _ in (UInt8(x * 2), UInt8(x * 2), UInt8(x * 2), 255) }
        let cells = try Self.shapes(gradient)
        let characters = Set(cells.cells.map(\.character))
        #expect(["░", "▒", "▓"].allSatisfy(characters.contains), "the shades: \(characters)")
        // Left to right, a quarter at a time, the ink only grows, and by more than a step each time.
        let quarters = (0..<4).map { Self.meanInk(cells, columns: ($0 * 8)..<($0 * 8 + 8)) }
        #expect(zip(quarters, quarters.dropFirst()).allSatisfy { $1 > $0 + 0.1 }, "\(quarters)")
        #expect(quarters[0] < 0.25 && quarters[3] > 0.75, "\(quarters) \(cells.cells.prefix(32).map(\.character))")
    }

    @Test("Picture in shapes: a flat colour reads as its lightness's shade, never blank",
          arguments: [(128, 128, 128), (255, 0, 0), (0, 160, 0), (0, 0, 255)])
    func flatColours(rgb: (Int, Int, Int)) throws {
        let flat = Pixels.solid(UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2), 255)
        let mean = Self.meanInk(try Self.shapes(flat))
        // CIE lightness: grey 128 is 0.54, red 0.53, green 0.58, blue 0.32.
        #expect(mean > 0.25 && mean < 0.7, "\(rgb): \(mean)")
        let grey = try Self.shapes(Pixels.solid(128, 128, 128, 255))
        #expect(grey.cells.filter { $0.character == "▒" }.count * 10 >= grey.cells.count * 8, "mid grey is ▒")
    }

    @Test("Picture in shapes: the ink is the terminal's foreground, so a light background turns the tones round")
    func inkByBackground() throws {
        let white = Pixels.solid(255, 255, 255, 255), black = Pixels.solid(0, 0, 0, 255)
        #expect(try Self.shapes(white).cells.allSatisfy { $0.character == "█" }, "white is ink on a dark terminal")
        #expect(try Self.shapes(black).cells.allSatisfy { $0.character == " " })
        let light = ImageBackdrop.withoutColor(terminalBackground: 0xFFFFFF)
        #expect(try Self.shapes(white, backdrop: light).cells.allSatisfy { $0.character == " " }, "white is paper on a light one")
        #expect(try Self.shapes(black, backdrop: light).cells.allSatisfy { $0.character == "█" })
    }

    @Test("Picture in shapes: neither the light theme nor a story's background decides the ink, which is never painted")
    func lightThemeWithoutColour() throws {
        let deck = Deck(defaultDuration: 10, stories: [
            Story(id: "sun", title: "Sun", image: "sun.png", imagePath: "/decks/sun.png", alt: "a sun", theme: .light),
            Story(id: "sea", title: "Sea", image: "sea.png", imagePath: "/decks/sea.png", background: .named(15)),
        ], baseDirectory: "/decks")
        let harness = SessionHarness(deck, settings: ViewerModel.Settings(images: .symbols(.shapes), asksBackground: true))
        harness.run(until: 0.3)
        let requests = try #require(harness.pictureRequests.first)
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { $0.backdrop == .unknown() }, "\(requests.map(\.backdrop))")
    }
}
