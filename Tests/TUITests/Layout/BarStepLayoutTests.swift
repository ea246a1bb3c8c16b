import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// A bar step names only the cells that moved, and the full layout stays the reference: a frame
/// stepped from the last one equals the frame laid out whole, for every kind of bar (issue 13).
@Suite("Layout: a bar step is the cells that moved")
struct BarStepLayoutTests {
    typealias F = LayoutFixtures

    static func deck(_ count: Int, theme: Theme = .dark, groups: Bool = false) -> Deck {
        let stories = (1...count).map { Story(id: "s\($0)", title: "Story \($0)", caption: "Caption \($0).") }
        let split = count / 2
        return Deck(title: "Steps", theme: theme, stories: stories,
                    groups: groups && count > 1 ? [StoryGroup(title: "A", range: 0..<split),
                                                   StoryGroup(title: "B", range: split..<count)] : [])
    }

    @Test("the current segment is placed in constant time exactly where the whole geometry places it")
    func placementMatchesGeometry() {
        for count in [1, 2, 3, 4, 5, 7, 10, 19, 26, 40, 81, 3000] {
            let currents = count <= 40 ? Array(0..<count) : [0, 1, count / 3, count / 2, count - 2, count - 1]
            for width in Array(1...130) + [200, 247, 248, 250] {
                for current in currents {
                    let bars = ProgressBarLayout(segments: 0..<count, current: current, progress: 0, ascii: false)
                    let expected = bars.geometry(left: 1, width: width).placements
                        .first { $0.story == current }.map { [$0.column, $0.width] }
                    let found = bars.currentPlacement(left: 1, width: width).map { [$0.column, $0.width] }
                    #expect(found == expected, "\(count) segments, \(width) columns, current \(current)")
                }
            }
        }
        // Inside a group the segments are the group's stories: the current one is placed among them.
        let grouped = ProgressBarLayout(segments: 10..<17, current: 13, progress: 0, ascii: false)
        #expect(grouped.currentPlacement(left: 1, width: 78).map { [$0.column, $0.width] }
            == grouped.geometry(left: 1, width: 78).placements.first { $0.story == 13 }.map { [$0.column, $0.width] })
    }

    @Test("a step inside a cell touches that cell; entering the next cell touches two; none when nothing moved")
    func changedCells() {
        #expect(ProgressBarLayout.changedCells(from: 10, to: 11, segmentWidth: 78) == 1..<2)
        #expect(ProgressBarLayout.changedCells(from: 15, to: 16, segmentWidth: 78) == 1..<3)
        #expect(ProgressBarLayout.changedCells(from: 16, to: 16, segmentWidth: 78).isEmpty)
        #expect(ProgressBarLayout.changedCells(from: 78 * 8 - 1, to: 78 * 8, segmentWidth: 78) == 77..<78,
                "the last step fills the last cell and goes no further")
        #expect(ProgressBarLayout.changedCells(from: 40, to: 3, segmentWidth: 78) == 0..<6, "back to the start")
        #expect(ProgressBarLayout.changedCells(from: 0, to: 1, segmentWidth: 0).isEmpty)
    }

    /// Bars of every kind: widths (one segment, many, a window with markers), themes and colours, ASCII.
    static let kinds: [(width: Int, count: Int, ascii: Bool, theme: Theme, color: Bool)] = [
        (80, 1, false, .dark, true), (80, 3, false, .dark, true), (80, 3, true, .dark, true),
        (250, 3, false, .light, true), (250, 7, true, .light, false), (33, 40, false, .dark, true),
        (80, 3000, false, .dark, true), (80, 3000, true, .light, true), (20, 2, false, .dark, false),
        (121, 10, false, .dark, true),
    ]

    @Test("stepping the last frame gives the frame laid out whole: every progress, forward and back",
          arguments: kinds.indices)
    func steppedEqualsFull(kind: Int) {
        let (width, count, ascii, theme, color) = Self.kinds[kind]
        let layout = F.layout(ascii: ascii, color: color)
        for autoplay in [true, false] {
            for current in Set([0, count / 2, count - 1]).sorted() {
                var state = F.state(Self.deck(count, theme: theme, groups: count == 10), index: current, progress: 0)
                state.autoplay = autoplay
                state.colors = kind % 3 == 1 ? StoryColors(background: .indexed(94), accent: .yellow) : StoryColors()
                var shown = (state: state, frame: layout.frame(for: state, width: width, height: 24))
                // Small steps across the first cells, then jumps both ways, then the end and past it.
                let progresses = (1...20).map { Double($0) / 500 } + [0.3, 0.29, 0.7, 0.05, 0.999, 1, 1.2, 0, -0.1]
                for progress in progresses {
                    state.progress = progress
                    let stepped = layout.frame(for: state, width: width, height: 24, reusing: shown)
                    let full = layout.frame(for: state, width: width, height: 24)
                    #expect(stepped == full, "\(width) columns, \(count) stories, at \(progress), autoplay \(autoplay)")
                    shown = (state, stepped)
                }
            }
        }
    }

    @Test("steps that follow each other (BarStep.next) give the frame laid out whole, as the screen keeps them",
          arguments: kinds.indices)
    func chainedStepsEqualFull(kind: Int) throws {
        let (width, count, ascii, theme, color) = Self.kinds[kind]
        let layout = F.layout(ascii: ascii, color: color)
        for autoplay in [true, false] {
            var state = F.state(Self.deck(count, theme: theme, groups: count == 10), index: count / 2, progress: 0)
            state.autoplay = autoplay
            var frame = layout.frame(for: state, width: width, height: 24)
            var step = try #require(layout.barStep(in: state, to: 0.001, width: width, height: 24))
            step.apply(to: &frame)
            let progresses = (2...40).map { Double($0) / 1000 } + [0.5, 0.49, 0.999, 1, 0.2, 0]
            for progress in progresses {
                step = step.next(toProgress: progress)
                step.apply(to: &frame)
                state.progress = progress
                #expect(frame == layout.frame(for: state, width: width, height: 24),
                        "\(width) columns, \(count) stories, at \(progress), autoplay \(autoplay)")
            }
        }
    }

    @Test("one eighth-step names one or two cells, at 80 and 250 columns, with 3 or 3000 stories")
    func oneStepOneOrTwoCells() {
        for (width, count) in [(80, 3), (250, 3), (80, 3000), (250, 3000)] {
            let layout = F.layout()
            let state = F.state(Self.deck(count), index: count / 2, progress: 0)
            let bars = layout.bars(for: state)
            let segment = bars.currentSegmentWidth(left: ScreenLayout.margin,
                                                   width: ScreenLayout.barWidth(forTerminalWidth: width))
            var earlier = state
            var named: [Int] = []
            for step in 1...(segment * 8) {
                var later = state
                later.progress = (Double(step) + 0.5) / Double(segment * 8)
                guard let barStep = layout.barStep(from: earlier, to: later, width: width, height: 24) else {
                    Issue.record("no bar step at \(width) columns, \(count) stories")
                    break
                }
                named.append(barStep.columns.count)
                earlier = later
            }
            #expect(named.allSatisfy { $0 == 1 || $0 == 2 }, "\(width) columns, \(count) stories")
            #expect(named.filter { $0 == 2 }.count == segment - 1, "two cells only where the front enters a cell")
        }
    }

    @Test("anything but progress, an open panel or a screen too small: no step, the frame is laid out whole")
    func noStep() {
        let layout = F.layout()
        let before = F.state(progress: 0.2)
        var paused = before
        paused.paused = true
        var panel = before
        panel.overlay = .help(scroll: 0)
        panel.progress = 0.3
        #expect(layout.barStep(from: before, to: paused, width: 80, height: 24) == nil)
        #expect(layout.barStep(from: before, to: F.state(index: 1, progress: 0.2), width: 80, height: 24) == nil)
        #expect(layout.barStep(from: before, to: panel, width: 80, height: 24) == nil)
        var later = before
        later.progress = 0.3
        #expect(layout.barStep(from: before, to: later, width: 19, height: 24) == nil)
        #expect(layout.barStep(from: before, to: later, width: 80, height: 24) != nil)
    }

    @Test("every field of the state but progress stops a step: none is missed, none added unnoticed")
    func everyFieldCounts() {
        let before = F.state(progress: 0.2)
        let changes: [(field: String, change: (inout ViewState) -> Void)] = [
            ("deck", { $0.deck.title = "Another title" }),
            ("currentIndex", { $0.currentIndex = 1 }),
            ("autoplay", { $0.autoplay.toggle() }),
            ("paused", { $0.paused.toggle() }),
            ("hidesText", { $0.hidesText.toggle() }),
            ("overlay", { $0.overlay = .caption(scroll: 0) }),
            ("notice", { $0.notice = "A notice" }),
            ("countdown", { $0.countdown = 3 }),
            ("picture", { $0.picture = .pending }),
            ("colors", { $0.colors = StoryColors(accent: .red) }),
            ("seen", { $0.seen = ["s1"] }),
            ("defaultDuration", { $0.defaultDuration = 9 }),
        ]
        let fields = Set(Mirror(reflecting: before).children.compactMap(\.label)).subtracting(["progress"])
        #expect(Set(changes.map(\.field)) == fields, "a field added to ViewState must be compared in differsOnlyInProgress")
        for (field, change) in changes {
            var changed = before
            change(&changed)
            #expect(changed != before, "the change to \(field) changes the state")
            changed.progress = 0.3
            #expect(!changed.differsOnlyInProgress(from: before), "\(field)")
        }
        var later = before
        later.progress = 0.3
        #expect(later.differsOnlyInProgress(from: before))
    }
}
