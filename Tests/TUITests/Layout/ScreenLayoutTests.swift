import Engine
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Layout: frames at every size (SPEC 3)")
struct ScreenLayoutTests {
    typealias F = LayoutFixtures

    @Test("80×24: bars, title and position; art and caption as one composition in the middle")
    func standardSize() {
        let frame = F.layout().frame(for: F.state(), width: 80, height: 24)
        var expected = Array(repeating: "", count: 24)
        // 76 columns for 3 segments and 2 gaps: 25, 26, 25 (the spare column goes to the middle one).
        expected[0] = " ████████████▌░░░░░░░░░░░░ ░░░░░░░░░░░░░░░░░░░░░░░░░░ ░░░░░░░░░░░░░░░░░░░░░░░░░"
        expected[1] = " Dawn                                                                       1/3"
        expected[10] = "                                      \\o/"
        expected[11] = "                                       |"
        expected[12] = "                                      / \\"
        expected[14] = "                        The sun comes up over the hills."
        #expect(F.text(frame) == expected)
    }

    @Test("40×10: the same parts, narrower")
    func smallSize() {
        let frame = F.layout().frame(for: F.state(), width: 40, height: 10)
        #expect(F.text(frame) == [
            " ██████░░░░░░ ░░░░░░░░░░░░ ░░░░░░░░░░░░",
            " Dawn                               1/3",
            "",
            "",
            "                  \\o/",
            "                   |",
            "                  / \\",
            "",
            "    The sun comes up over the hills.",
            "",
        ])
    }

    @Test("20×6, the smallest size drawn: the caption wraps, the art has no room")
    func smallestSize() {
        let frame = F.layout().frame(for: F.state(), width: 20, height: 6)
        #expect(F.text(frame) == [
            " ██▌░░ ░░░░░░ ░░░░░",
            " Dawn           1/3",
            "",
            "",
            "  The sun comes up",
            "  over the hills.",
        ])
    }

    @Test("below the minimum: centred lines say the terminal is too small and the size it needs")
    func tooSmall() {
        let frame = F.layout().frame(for: F.state(), width: 19, height: 5)
        #expect(F.text(frame) == ["", "Terminal too small", "   at least 20×6", "", ""])
        // Wide enough but too short: one line, as SPEC 3 says.
        let short = F.layout().frame(for: F.state(), width: 40, height: 5)
        #expect(F.text(short) == ["", "", "   Terminal too small, at least 20×6", "", ""])
        let shortSpanish = F.layout(ascii: true, language: .spanish).frame(for: F.state(), width: 80, height: 1)
        #expect(F.text(shortSpanish) == [String(repeating: " ", count: 20) + "Terminal demasiado pequena, minimo 20x6"])
        let narrow = F.layout().frame(for: F.state(), width: 15, height: 5)
        #expect(F.text(narrow) == ["", " Terminal too", "     small", " at least 20×6", ""])
        let spanish = F.layout(language: .spanish).frame(for: F.state(), width: 19, height: 5)
        #expect(F.text(spanish) == ["", "Terminal demasiado", "      pequeña", "    mínimo 20×6", ""])
        let ascii = F.layout(ascii: true, language: .spanish).frame(for: F.state(), width: 19, height: 5)
        #expect(F.text(ascii)[3] == "    minimo 20x6")
    }

    @Test("1×1 and 0×0 do not crash")
    func tiny() {
        #expect(F.text(F.layout().frame(for: F.state(), width: 1, height: 1)) == ["…"])
        #expect(F.layout().frame(for: F.state(), width: 0, height: 0).lines.isEmpty)
        #expect(F.text(F.layout(ascii: true).frame(for: F.state(), width: 1, height: 1)) == ["."])
    }

    @Test("a paused deck says so in words, in the active language")
    func pausedInWords() {
        var state = F.state()
        state.paused = true
        #expect(F.layout().frame(for: state, width: 40, height: 10).lines[1].hasSuffix("Paused  1/3 "))
        #expect(F.layout(language: .spanish).frame(for: state, width: 40, height: 10).lines[1]
            .hasSuffix("En pausa  1/3 "))
    }

    @Test("a hold over 0.25 s hides title and caption; the bars, Paused, the position and the art stay")
    func holdHidesText() {
        var state = F.state()
        state.hidesText = true
        state.paused = true
        let lines = F.text(F.layout().frame(for: state, width: 40, height: 10))
        #expect(lines[0] == " ██████░░░░░░ ░░░░░░░░░░░░ ░░░░░░░░░░░░")
        #expect(lines[1] == "                            Paused  1/3")
        #expect(!lines.joined().contains("Dawn"))
        #expect(!lines.joined().contains("sun"))
        #expect(lines.contains("                  \\o/"))
    }

    @Test("without groups the position counts the deck; with groups the group is named")
    func groups() {
        let deck = Deck(stories: [
            Story(id: "a", title: "A", art: "*"), Story(id: "b", title: "B", art: "*"), Story(id: "c", title: "C", art: "*"),
        ], groups: [StoryGroup(title: "Ana", range: 0..<1), StoryGroup(title: "Ben", range: 1..<3)])
        let lines = F.text(F.layout().frame(for: F.state(deck, index: 2, progress: 0), width: 40, height: 10))
        // Only Ben's two stories have segments: the first done, the second not started (its own track).
        #expect(lines[0] == " ██████████████████ ░░░░░░░░░░░░░░░░░░░")
        #expect(lines[1] == " C                            Ben · 2/2")
    }
}

@Suite("Layout: bar steps reuse the last frame")
struct IncrementalLayoutTests {
    typealias F = LayoutFixtures

    @Test("a state that differs only in progress gives the same frame as a full layout", arguments: [false, true])
    func sameAsFull(ascii: Bool) {
        let layout = F.layout(ascii: ascii)
        var state = F.state(progress: 0.1)
        let first = layout.frame(for: state, width: 80, height: 24)
        for progress in stride(from: 0.1, through: 1.0, by: 0.037) {
            state.progress = progress
            let reused = layout.frame(for: state, width: 80, height: 24, reusing: (F.state(progress: 0.1), first))
            #expect(reused == layout.frame(for: state, width: 80, height: 24))
        }
    }

    @Test("any other change, or another size, lays out the whole frame again")
    func otherChanges() {
        let layout = F.layout()
        let before = F.state(progress: 0.2)
        let drawn = layout.frame(for: before, width: 80, height: 24)
        var paused = before
        paused.paused = true
        #expect(layout.frame(for: paused, width: 80, height: 24, reusing: (before, drawn))
            == layout.frame(for: paused, width: 80, height: 24))
        let next = F.state(index: 1, progress: 0.2)
        #expect(layout.frame(for: next, width: 80, height: 24, reusing: (before, drawn))
            == layout.frame(for: next, width: 80, height: 24))
        #expect(layout.frame(for: before, width: 40, height: 10, reusing: (before, drawn)).width == 40)
    }
}

@Suite("Layout: the header keeps what matters")
struct HeaderLayoutTests {
    typealias F = LayoutFixtures

    @Test("a long group title is cut; Paused and the position never are")
    func longGroupTitle() {
        let deck = Deck(stories: [Story(id: "a", title: "Morning", art: "*"), Story(id: "b", title: "B")],
                        groups: [StoryGroup(title: String(repeating: "Very long group title ", count: 4), range: 0..<2)])
        var state = F.state(deck)
        state.paused = true
        let line = F.text(F.layout().frame(for: state, width: 80, height: 24))[1]
        #expect(line.hasPrefix(" Morning"))
        #expect(line.hasSuffix("… · 1/2"))
        #expect(line.contains("Paused  Very long group title"))
        #expect(DisplayWidth.of(line) <= 80)
    }

    @Test("art wider than the screen keeps its columns when a wide character straddles the edge")
    func wideArtClip() {
        let deck = Deck(stories: [Story(id: "a", art: "漢字漢字漢字漢字漢字漢字漢字漢字\na漢字漢字漢字漢字漢字漢字漢字漢字")])
        let frame = F.layout().frame(for: F.state(deck), width: 25, height: 8)
        let rows = F.text(frame).filter { $0.contains("字") }
        #expect(rows.count == 2)
        // The block is 33 columns wide, so 4 are clipped on the left: the first line loses "漢字",
        // the second "a漢" and half of "字", which leaves a blank so that its columns stay put.
        #expect(rows[0].hasPrefix("漢字"))
        #expect(rows.map { row in row.prefix { $0 == " " }.count } == [0, 1])
    }
}
