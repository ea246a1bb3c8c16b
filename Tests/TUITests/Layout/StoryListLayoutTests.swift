import Engine
import Testing
@testable import TUI

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

    @Test("the list shows group headers, marks the current story and highlights the selection")
    func grouped() throws {
        var state = F.state(Self.grouped, index: 1)
        state.overlay = .storyList(selection: 3)
        let frame = F.layout().frame(for: state, width: 40, height: 14)
        let lines = F.text(frame)
        // Narrower than the list's 64 columns: the panel takes the whole width.
        #expect(lines[1] == "┌ Stories ─────────────────────────────┐")
        #expect(lines[3] == "│ Ana                                  │")
        #expect(lines[5] == "│ ▶   2. S2                            │")
        #expect(lines[6] == "│ Ben                                  │")
        #expect(lines[8] == "│     4. S4                            │")
        #expect(frame[8, 6].style.reverse)
        #expect(!frame[5, 6].style.reverse)
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
