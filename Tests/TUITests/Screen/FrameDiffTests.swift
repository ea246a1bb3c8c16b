import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Only changed cells are drawn: the backend writes exactly what `FrameDiff` lists.
struct FrameDiffTests {
    static func positions(_ changes: [FrameDiff.Change]) -> [[Int]] {
        changes.map { [$0.row, $0.column] }
    }

    @Test("the same frame twice: nothing to draw")
    func unchanged() {
        let frame = Frame(lines: ["hello", "world"])
        #expect(FrameDiff.changes(from: frame, to: frame).isEmpty)
    }

    @Test("one changed character: one cell")
    func oneCell() {
        let before = Frame(lines: ["hello", "world"])
        let after = Frame(lines: ["hello", "wOrld"])
        #expect(Self.positions(FrameDiff.changes(from: before, to: after)) == [[1, 1]])
    }

    @Test("a style change alone is a change")
    func style() {
        let before = Frame(lines: ["ab"])
        var after = before
        after.setStyle(CellStyle(bold: true), row: 0, column: 1)
        #expect(Self.positions(FrameDiff.changes(from: before, to: after)) == [[0, 1]])
    }

    @Test("no previous frame, or another size: every cell that starts a character")
    func full() {
        let after = Frame(lines: ["a界b"])   // 4 columns, one a continuation
        #expect(Self.positions(FrameDiff.changes(from: nil, to: after)) == [[0, 0], [0, 1], [0, 3]])
        #expect(FrameDiff.changes(from: Frame(lines: ["abc"]), to: after).count == 3)
    }

    @Test("a wide character is drawn from its first cell, also when only its right half changed")
    func wide() {
        let before = Frame(lines: ["a界b"])
        let after = Frame(lines: ["a世b"])
        #expect(Self.positions(FrameDiff.changes(from: before, to: after)) == [[0, 1]])
        let narrow = Frame(lines: ["axyb"])
        #expect(Self.positions(FrameDiff.changes(from: before, to: narrow)) == [[0, 1], [0, 2]])
    }

    @Test("one eighth-step of a playing story changes exactly one cell of the screen")
    func barStep() {
        let deck = Deck(stories: (1...3).map { Story(id: "\($0)", title: "Story \($0)", caption: "Caption \($0).") })
        let layout = ScreenLayout(options: LayoutOptions())
        // 76 columns for three segments: 25, 26, 25 (the spare column goes to the middle one).
        let steps = 25 * 8
        var previous = layout.frame(for: ViewState(deck: deck, currentIndex: 0, progress: 0), width: 80, height: 24)
        for step in 1...steps {
            let progress = (Double(step) + 0.5) / Double(steps)
            let frame = layout.frame(for: ViewState(deck: deck, currentIndex: 0, progress: min(1, progress)),
                                     width: 80, height: 24)
            let changes = FrameDiff.changes(from: previous, to: frame)
            #expect(changes.count == 1, "step \(step)")
            #expect(changes.allSatisfy { $0.row == 0 })
            previous = frame
        }
    }

    @Test("a story change redraws only the rows that differ, never the whole screen")
    func storyChange() {
        let deck = Deck(stories: (1...3).map { Story(id: "\($0)", title: "Story \($0)", caption: "Caption \($0).") })
        let layout = ScreenLayout(options: LayoutOptions())
        let before = layout.frame(for: ViewState(deck: deck, currentIndex: 0, progress: 0.5, paused: true),
                                  width: 80, height: 24)
        let after = layout.frame(for: ViewState(deck: deck, currentIndex: 1, progress: 0, paused: true),
                                 width: 80, height: 24)
        let changes = FrameDiff.changes(from: before, to: after)
        // Bars, position, and the text story's title and caption in the middle of the screen.
        #expect(Set(changes.map(\.row)) == [0, 1, 11, 13])
        #expect(changes.count < 80)
    }
}
