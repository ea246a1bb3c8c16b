import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Prefetch both ways (issue 24): at each story change the viewer asks for the current story's
/// picture, then the next one's and the previous one's, so that → and ← draw text and picture in
/// the same frame; a changed deck drops what no longer applies.
@Suite
struct PrefetchSessionTests {
    static func story(_ id: String) -> Story {
        Story(id: id, title: id.capitalized, image: "\(id).png", imagePath: "/d/\(id).png", alt: "the \(id)")
    }

    static let deck = Deck(defaultDuration: 10, stories: ["one", "two", "three", "four"].map(story), baseDirectory: "/d")

    static let settings = ViewerModel.Settings(images: .symbols(.indexed240))

    /// Answers every conversion asked for so far with cells of `character`.
    static func answerAll(_ harness: SessionHarness, at time: Double, character: Character = "▀") {
        var answered: Set<ImageRequest> = []
        for request in harness.pictureRequests.joined() where answered.insert(request).inserted {
            let cell = ImageCell(character: character, foreground: .indexed(196), background: .indexed(21))
            let cells = ImageCells(columns: request.columns, rows: request.rows,
                                   cells: Array(repeating: cell, count: request.columns * request.rows))
            harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(cells))), at: time)
        }
    }

    static func names(_ requests: [ImageRequest]?) -> [String] {
        (requests ?? []).map { String($0.path.dropFirst(3).dropLast(4)) }
    }

    @Test("each story change asks for the current picture, then the next, then the previous; the first has no previous")
    func neighbours() {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        #expect(Self.names(harness.pictureRequests.last) == ["one", "two"], "← on the first story restarts it")
        harness.type("l", at: 1)
        #expect(Self.names(harness.pictureRequests.last) == ["two", "three", "one"])
        harness.type("l", at: 2)
        #expect(Self.names(harness.pictureRequests.last) == ["three", "four", "two"])
    }

    @Test("what is already converted is not asked for again")
    func convertedNotAskedAgain() {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        Self.answerAll(harness, at: 0.5)
        harness.type("l", at: 1)
        #expect(Self.names(harness.pictureRequests.last) == ["three"], "two and one came back already")
    }

    @Test("← onto the previous story draws its picture with its text in the same frame, without asking")
    func backDrawsAtOnce() {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        harness.type("G", at: 1)
        #expect(Self.names(harness.pictureRequests.last) == ["four", "one", "three"])
        Self.answerAll(harness, at: 1.5)
        let asked = harness.pictureRequests.count
        harness.type("h", at: 2)
        let screen = harness.screen.joined(separator: "\n")
        #expect(screen.contains("Three") && screen.contains("▀▀▀▀"), "the title and the picture in the first frame after ←")
        #expect(!screen.contains("the three"), "never the alt text in between")
        #expect(harness.pictureRequests.count == asked, "its neighbours four and two came back already")
    }

    @Test("a changed deck drops the old conversions and asks for the new neighbours only")
    func deckChangeDrops() {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        harness.type("l", at: 1)
        Self.answerAll(harness, at: 1.5)
        let changed = [Self.story("one"), Self.story("two"), Story(id: "three", title: "Three", caption: "No picture now."),
                       Self.story("four")]
        harness.send(.deckLoaded(.success(Deck(defaultDuration: 10, stories: changed, baseDirectory: "/d"))), at: 2)
        #expect(Self.names(harness.pictureRequests.last) == ["two", "one"],
                "converted again (the file may have changed), and three no longer has a picture")
    }
}
