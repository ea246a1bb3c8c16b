import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Pictures without colour (NO_COLOR, `--no-color`, a monochrome terminal): chafa's FGBG mode, symbol
/// shapes alone in the terminal's default colours (issue 21).
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
}
