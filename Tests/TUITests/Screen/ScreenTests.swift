import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// The screen draws a bar step by touching only the cells that moved, and what the terminal shows is
/// always the full layout's frame (issue 13). Counted in cells, not timed.
@Suite("Screen: a bar step costs one cell")
struct ScreenTests {
    typealias F = LayoutFixtures

    static func screen(width: Int, height: Int = 24, options: LayoutOptions = LayoutOptions())
        -> (Screen, TestTerminal) {
        let terminal = TestTerminal(width: width, height: height)
        return (Screen(backend: terminal, layout: ScreenLayout(options: options)), terminal)
    }

    /// What each of the first `steps` eighth-steps of the current segment cost.
    static func stepCosts(width: Int, stories: Int, steps: Int) -> [DrawCount] {
        let (screen, _) = Self.screen(width: width)
        var state = F.state(BarStepLayoutTests.deck(stories), index: stories / 2, progress: 0)
        let segment = screen.layout.bars(for: state)
            .currentSegmentWidth(left: ScreenLayout.margin, width: ScreenLayout.barWidth(forTerminalWidth: width))
        screen.draw(state)
        return (1...steps).map { step in
            state.progress = (Double(step) + 0.5) / Double(segment * 8)
            screen.draw(state)
            return screen.lastDraw
        }
    }

    @Test("a bar step looks at one or two cells and writes one, the same at 80 and 250 columns and with 3 or 3000 stories")
    func stepCostDoesNotGrow() {
        // 15 steps: the front enters the second cell once (with 3000 stories the segment is 2 columns: 16 steps).
        let reference = Self.stepCosts(width: 80, stories: 3, steps: 15)
        #expect(reference.allSatisfy { $0.written == 1 && ($0.visited == 1 || $0.visited == 2) }, "\(reference)")
        #expect(reference.map(\.visited).reduce(0, +) == 16, "one cell a step, one more where the front enters a cell")
        for (width, stories) in [(250, 3), (80, 3000), (250, 3000)] {
            #expect(Self.stepCosts(width: width, stories: stories, steps: 15) == reference, "\(width) columns, \(stories) stories")
        }
    }

    @Test("a bar step reads nothing of the deck: 20 000 stories cost what 3 cost (generous ratio, best of 3)")
    func stepIgnoresDeckSize() {
        func stepTime(stories: Int) -> Duration {
            let (screen, _) = Self.screen(width: 80)
            var state = F.state(BarStepLayoutTests.deck(stories), index: 0, progress: 0)
            screen.draw(state)
            // CPU time of this thread, not a wall clock: other programs on a loaded machine do not count.
            var best = Duration.seconds(1000)
            for round in 0..<3 {
                best = min(best, ThreadTime.measure {
                    for step in 1...16 {
                        state.progress = (Double(round * 16 + step) + 0.5) / 1000
                        screen.draw(state)
                    }
                })
            }
            return best
        }
        let small = stepTime(stories: 3), large = stepTime(stories: 20_000)
        // Comparing the decks story by story (as equality did) made the large deck thousands of times slower.
        #expect(large < small * 5 + .milliseconds(2), "3 stories: \(small), 20 000: \(large)")
    }

    @Test("after bar steps the terminal shows the full layout's frame, and the screen keeps it")
    func stepsShowTheFullFrame() {
        for options in [LayoutOptions(), LayoutOptions(ascii: true), LayoutOptions(color: false)] {
            let (screen, terminal) = Self.screen(width: 80, options: options)
            var state = F.state(progress: 0)
            screen.draw(state)
            let written = terminal.cellsWritten
            for step in 1...(25 * 8) {
                state.progress = (Double(step) + 0.5) / Double(25 * 8)
                screen.draw(state)
                #expect(screen.lastDraw.written <= 1)
            }
            let full = screen.layout.frame(for: state, width: 80, height: 24)
            #expect(screen.shownFrame == full)
            #expect(terminal.lines == F.text(full))
            // Under --ascii only half a cell or more shows (`=`), so fewer steps are visible.
            #expect(terminal.cellsWritten - written == (options.ascii ? 25 * 2 : 25 * 8), "one cell a visible step")
        }
    }

    @Test("without autoplay progress shows nothing: a step looks at no cell and flushes nothing")
    func noAutoplay() {
        let (screen, terminal) = Self.screen(width: 80)
        var state = F.state(progress: 0)
        state.autoplay = false
        screen.draw(state)
        let flushes = terminal.flushes
        state.progress = 0.5
        #expect(screen.draw(state) == 0)
        #expect(screen.lastDraw == DrawCount(visited: 0, written: 0))
        #expect(terminal.flushes == flushes)
    }

    @Test("any other change lays the frame out whole and writes only the cells that differ")
    func otherChanges() {
        let (screen, terminal) = Self.screen(width: 80)
        var state = F.state(progress: 0.2)
        screen.draw(state)
        state.paused = true
        let written = screen.draw(state)
        #expect(screen.lastDraw.visited == 80 * 24)
        #expect(written > 0 && written < 20, "`Paused` appears on the header row")
        #expect(terminal.lines == F.text(screen.layout.frame(for: state, width: 80, height: 24)))
    }

    @Test("the first frame and a repaint erase the terminal and put only the cells that are not blank")
    func overBlank() {
        let (screen, terminal) = Self.screen(width: 80)
        let state = F.state(progress: 0.5)
        let frame = screen.layout.frame(for: state, width: 80, height: 24)
        let nonBlank = frame.lines.joined().filter { $0 != " " }.count
        #expect(screen.draw(state) == nonBlank, "a dark theme's blanks are the terminal's own")
        #expect(terminal.invalidations == 1)
        #expect(screen.draw(state) == 0, "the same state again writes nothing")
        screen.invalidate()
        #expect(screen.draw(state) == nonBlank)
        #expect(terminal.lines == F.text(frame))
        // A light theme colours every cell: all of them are put.
        let (light, _) = Self.screen(width: 80)
        let lightState = F.state(BarStepLayoutTests.deck(3, theme: .light), progress: 0.5)
        #expect(light.draw(lightState) == 80 * 24)
    }

    @Test("a new size erases the terminal and draws the frame at that size")
    func resize() {
        let (screen, terminal) = Self.screen(width: 80)
        let state = F.state(progress: 0.5)
        screen.draw(state)
        terminal.resize(width: 50, height: 15)
        screen.draw(state)
        #expect(terminal.invalidations == 2)
        #expect(terminal.lines == F.text(screen.layout.frame(for: state, width: 50, height: 15)))
    }
}
