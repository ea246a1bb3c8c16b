import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Pictures as the viewer decides them: what it asks the helper to convert and when, what it shows
/// meanwhile, what a result or a failure changes; the conversions themselves are the image tests'.
@Suite
struct PictureSessionTests {
    static let deck = Deck(defaultDuration: 10, stories: [
        Story(id: "sun", title: "Sun", caption: "Morning.", image: "images/sun.png", imagePath: "/decks/images/sun.png", alt: "a red sun"),
        Story(id: "text", title: "Text", caption: "Words only."),
        Story(id: "city", title: "City", image: "/abs/city.jpg", imagePath: "/abs/city.jpg", alt: "a skyline"),
    ], baseDirectory: "/decks")

    static let settings = ViewerModel.Settings(images: .symbols(.indexed240))

    static func cells(_ request: ImageRequest, character: Character = "▀") -> ImageCells {
        let cell = ImageCell(character: character, foreground: .indexed(196), background: .indexed(21))
        return ImageCells(columns: request.columns, rows: request.rows,
                          cells: Array(repeating: cell, count: request.columns * request.rows))
    }

    @Test("the current story's picture is asked for at once, at the picture box; the alt text shows meanwhile")
    func requestAndPending() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        let first = try #require(harness.pictureRequests.first)
        #expect(first.map(\.path) == ["/decks/images/sun.png"], "the next story has no picture: nothing to prefetch")
        let box = ScreenLayout.pictureBox(width: 80, height: 24)
        #expect(first[0].columns == box.columns && first[0].rows == box.rows && first[0].mode == .indexed240)
        #expect(harness.screen.joined().contains("a red sun"))
        #expect(harness.watchedFiles == ["/decks/images/sun.png", "/abs/city.jpg"], "--watch follows the pictures")
    }

    @Test("a converted picture replaces the alt text; a failure is logged once and the alt text stays")
    func readyAndFailed() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        let request = try #require(harness.pictureRequests.first?.first)
        harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(Self.cells(request)))), at: 0.5)
        #expect(harness.screen.joined().contains("▀▀▀▀"))
        #expect(!harness.screen.joined().contains("a red sun"))
        harness.type("G", at: 1)
        let city = try #require(harness.pictureRequests.last?.first)
        #expect(city.path == "/abs/city.jpg")
        harness.send(.imageLoaded(ImageResult(request: city, outcome: .failure(.notAnImage))), at: 1.5)
        harness.send(.imageLoaded(ImageResult(request: city, outcome: .failure(.notAnImage))), at: 1.6)
        #expect(harness.errors.count == 1 && harness.errors[0].contains("city.jpg"))
        #expect(harness.screen.joined().contains("a skyline"))
    }

    @Test("on the story between two picture stories, the next picture is prefetched, then the previous")
    func prefetch() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        harness.type("l", at: 1)
        #expect(harness.pictureRequests.last?.map(\.path) == ["/abs/city.jpg", "/decks/images/sun.png"])
    }

    @Test("a resize converts again only once the size has settled, at the new box")
    func resizeSettles() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        let before = harness.pictureRequests.count
        harness.terminal.resize(width: 100, height: 30)
        harness.send(.resized(TerminalSize(width: 100, height: 30)), at: 1)
        harness.send(.resized(TerminalSize(width: 100, height: 30)), at: 1.05)
        #expect(harness.pictureRequests.count == before, "nothing during the drag")
        harness.run(until: 1.3)
        let request = try #require(harness.pictureRequests.last?.first)
        #expect(harness.pictureRequests.count == before + 1)
        #expect(request.columns == ScreenLayout.pictureBox(width: 100, height: 30).columns)
    }

    @Test("--images off (or no colour) never asks for a conversion and shows the alt text")
    func off() {
        let harness = SessionHarness(Self.deck, settings: ViewerModel.Settings(images: .altText(.turnedOff)))
        #expect(harness.pictureRequests.isEmpty)
        #expect(harness.screen.joined().contains("a red sun"))
    }
}
