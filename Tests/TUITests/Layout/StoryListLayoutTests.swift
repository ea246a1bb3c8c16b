import Engine
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Story list: rows, scrolling, huge decks")
struct StoryListLayoutTests {
    typealias F = LayoutFixtures

    static let grouped = Deck(stories: (1...5).map { Story(id: "\($0)", title: "S\($0)") },
                              groups: [StoryGroup(title: "Ana", range: 0..<2), StoryGroup(title: "Ben", range: 2..<5)])

    @Test("rows are a header per group, then its stories")
    func rows() {
        let rows = StoryListRows(deck: Self.grouped)
        #expect(rows.count == 7)
        #expect((0..<7).map(rows.entry) == [.group(0), .story(0), .story(1), .group(1), .story(2), .story(3), .story(4)])
        #expect((0..<5).map(rows.row) == [1, 2, 4, 5, 6])
        let flat = StoryListRows(deck: LayoutFixtures.threeStories)
        #expect(flat.count == 3 && flat.entry(at: 2) == .story(2) && flat.row(ofStory: 2) == 2)
    }

    @Test("the list shows group headers, marks the current and seen stories, highlights the selection")
    func grouped() throws {
        var state = F.state(Self.grouped, index: 1)
        state.overlay = .storyList(selection: 3)
        state.seen = ["1"]
        let frame = F.layout().frame(for: state, width: 40, height: 14)
        let lines = F.text(frame)
        // Narrower than the list's 64 columns: the panel takes the whole width; its footer wraps
        // between its parts, and its last line says how to quit.
        #expect(Array(lines[1...11]) == [
            "┌ Stories ─────────────────────────────┐",
            "│ Ana                                  │",
            "│   ✓   1. S1                       5s │",
            "│ ▶     2. S2                       5s │",
            "│ Ben                                  │",
            "│       3. S3                       5s │",
            "│       4. S4                       5s │",
            "│       5. S5                       5s │",
            "│ ↑↓ move · Enter jump · Esc/Tab close │",
            "│ q quit                               │",
            "└──────────────────────────────────────┘",
        ])
        #expect((2..<38).allSatisfy { frame[7, $0].style.reverse }, "the selected row is highlighted whole")
        #expect(!frame[4, 10].style.reverse)
    }

    @Test("a list longer than the screen scrolls to keep the selection in view")
    func scrolls() {
        let deck = Deck(stories: (1...100_000).map { Story(id: "\($0)", title: "Story \($0)") })
        var state = F.state(deck, index: 0)
        state.overlay = .storyList(selection: 76_543)
        let text = F.text(F.layout().frame(for: state, width: 80, height: 24)).joined(separator: "\n")
        #expect(text.contains("76543. Story 76543"))
        #expect(!text.contains("1. Story 1\n"))
    }
}
