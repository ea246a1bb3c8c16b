import Engine
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Plain output")
struct PlainTextTests {
    @Test("titles, art or alt, captions and [n/m] positions, with group headers")
    func plainDeck() {
        let deck = Deck(title: "Trip", stories: [
            Story(id: "1", title: "Dawn", caption: "Up early.\nCold.", art: "\\o/"),
            Story(id: "2", caption: "No title", image: "p.png", alt: "A lighthouse"),
            Story(id: "3", title: "Night"),
        ], groups: [StoryGroup(title: "Day", range: 0..<2), StoryGroup(title: "Evening", range: 2..<3)])
        #expect(PlainText.lines(for: deck, messages: Messages(language: .english)) == [
            "Trip", "",
            "== Day ==", "",
            "[1/3] Dawn", "\\o/", "Up early.", "Cold.", "",
            "[2/3]", "[image: A lighthouse]", "No title", "",
            "== Evening ==", "",
            "[3/3] Night", "",
        ])
    }
}
