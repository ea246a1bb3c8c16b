import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Quiet runs (`Viewer`'s, docs/ARCHITECTURE.md "Quiet runs"): while only the bar moves, the next steps are
/// worked out at once (`ViewerSession.barSchedule`) and the host sleeps and writes them itself. Each test drives
/// two sessions the same way, one with quiet runs and one drawing every step through the loop (the reference),
/// and compares what the terminal shows (every cell and its style), the events, the model and the screen's state.
@Suite
struct QuietRunSessionTests {
    /// The same session twice: `quiet` with quiet runs, `reference` without.
    struct Pair {
        let quiet: SessionHarness
        let reference: SessionHarness

        init(_ deck: Deck, width: Int = 80, height: Int = 24, settings: ViewerModel.Settings = ViewerModel.Settings()) {
            quiet = SessionHarness(deck, width: width, height: height, settings: settings)
            reference = SessionHarness(deck, width: width, height: height, settings: settings)
            reference.terminal.allowsQuietRuns = false
        }

        func both(_ action: (SessionHarness) -> Void) {
            action(quiet)
            action(reference)
        }

        /// Runs both to `time` and compares them there.
        func run(until time: Double, _ comment: Comment? = nil) {
            both { $0.run(until: time) }
            expectSame(comment ?? "at \(time)")
        }

        func expectSame(_ comment: Comment) {
            #expect(quiet.host.time == reference.host.time, comment)
            #expect(quiet.terminal.shown == reference.terminal.shown, comment)
            #expect(quiet.take() == reference.take(), comment)
            #expect(quiet.session.model.revision == reference.session.model.revision, comment)
            #expect(quiet.session.model.playing.playback.currentIndex == reference.session.model.playing.playback.currentIndex, comment)
            #expect(quiet.session.screen.shownFrame == reference.session.screen.shownFrame, comment)
            #expect(quiet.session.screen.shownState == reference.session.screen.shownState, comment)
            #expect(quiet.terminal.flushes == reference.terminal.flushes, "a quiet step is a frame of its own: \(comment)")
            #expect(quiet.exitCode == reference.exitCode, comment)
        }
    }

    static func deck(_ durations: [Double]) -> Deck {
        Deck(title: "Quiet", defaultDuration: 10, stories: durations.enumerated().map { index, duration in
            Story(id: "s\(index)", title: "Story \(index)", caption: "Caption \(index).", duration: duration)
        })
    }

    @Test("the steps a quiet run writes are the frames step-by-step handling draws, at 80×24, 250×60 and 41×12, for short and long stories and their ends",
          arguments: [(80, 24), (250, 60), (41, 12)])
    func sameFrames(size: (width: Int, height: Int)) {
        for durations in [[3.0, 30], [30.0, 2.5], [95.4]] {
            let pair = Pair(Self.deck(durations), width: size.width, height: size.height)
            // Irregular looks (each ends a run, as anything that arrives would), then long stretches.
            var time = 0.0
            for look in 1...60 {
                time += 0.013 * Double(look % 7 + 1)
                pair.run(until: time, "\(size) \(durations) at \(time)")
            }
            for end in stride(from: time + 1.7, through: durations.reduce(0, +) + 1, by: 1.7) {
                pair.run(until: end, "\(size) \(durations) at \(end)")
            }
            #expect(pair.quiet.terminal.quietSteps > 100, "quiet runs wrote the steps: \(pair.quiet.terminal.quietSteps)")
            #expect(pair.reference.terminal.quietSteps == 0)
        }
    }

    @Test("a run of every step to the deck's end in one go: the story ends come at the same moments, the exit too")
    func oneLongRun() {
        let pair = Pair(Self.deck([4, 6.5, 3]))
        pair.run(until: 20, "to the end")
        #expect(pair.quiet.exitCode != nil)
        #expect(pair.quiet.terminal.quietSteps > 300, "the last story's steps are closer than a frame: the loop's")
    }

    @Test("pause and resume (SIGUSR1) in the middle of quiet runs, and an ASCII bar whose hidden eighths write nothing")
    func pauseAndResume() {
        var settings = ViewerModel.Settings()
        for ascii in [false, true] {
            settings.layout.ascii = ascii
            let pair = Pair(Self.deck([15, 15]), settings: settings)
            pair.run(until: 1.234)
            pair.both { $0.send(.togglePauseSignal, at: 1.5) }
            pair.expectSame("paused, ascii \(ascii)")
            pair.run(until: 3)
            pair.both { $0.send(.togglePauseSignal, at: 3.25) }
            pair.expectSame("resumed, ascii \(ascii)")
            pair.run(until: 31, "to the end, ascii \(ascii)")
            #expect(pair.quiet.terminal.quietSteps > 0)
        }
    }

    @Test("a key, a control line, a resize and a finished reload end a quiet run at once and meet the state step-by-step handling leaves")
    func interrupted() {
        let pair = Pair(Self.deck([6, 6, 6]))
        pair.run(until: 0.8)
        let before = pair.quiet.terminal.quietSteps
        // → at a time between two steps, inside a run.
        pair.both { $0.type(ViewerSessionTests.right, at: 1.2345) }
        pair.expectSame("after →")
        #expect(pair.quiet.terminal.quietSteps > before)
        pair.run(until: 2.5)
        pair.both { $0.send(.control(.action(.previous)), at: 2.618) }
        pair.expectSame("after a control line")
        pair.run(until: 3.9)
        pair.both {
            $0.terminal.resize(width: 60, height: 20)
            $0.send(.resized(TerminalSize(width: 60, height: 20)), at: 4.01)
        }
        pair.expectSame("after a resize")
        pair.run(until: 6.3)
        pair.both { $0.send(.deckLoaded(.success(Self.deck([9, 9]))), at: 6.77) }
        pair.expectSame("after a reload")
        pair.run(until: 8)
        pair.both { $0.type("q", at: 8.123) }
        pair.expectSame("after q")
        #expect(pair.quiet.exitCode == 0)
    }

    @Test("Ctrl-Z and fg, then a quit signal, in the middle of quiet runs: the same events, screen and exit")
    func signals() {
        let pair = Pair(Self.deck([12, 12]))
        pair.run(until: 1.1)
        pair.both { $0.suspend(at: 1.6543, until: 2.5) }
        pair.expectSame("after Ctrl-Z and fg")
        pair.run(until: 4.2)
        let before = pair.quiet.terminal.quietSteps
        pair.both { $0.send(.terminate(signal: 15), at: 4.7777) }
        pair.expectSame("after SIGTERM")
        #expect(pair.quiet.terminal.quietSteps > before && pair.quiet.exitCode != nil)
    }

    @Test("a picture's result during a quiet run ends it; the picture and the bar after it are step-by-step handling's")
    func pictureResult() throws {
        let deck = Deck(defaultDuration: 8, stories: [
            Story(id: "sun", title: "Sun", caption: "Morning.", image: "images/sun.png", imagePath: "/decks/images/sun.png", alt: "a red sun"),
            Story(id: "text", title: "Text", caption: "Words only."),
        ], baseDirectory: "/decks")
        let pair = Pair(deck, settings: PictureSessionTests.settings)
        pair.run(until: 1)
        let request = try #require(pair.quiet.pictureRequests.first?.first)
        let before = pair.quiet.terminal.quietSteps
        pair.both { $0.send(.imageLoaded(ImageResult(request: request, outcome: .success(PictureSessionTests.cells(request)))), at: 1.4321) }
        pair.expectSame("after the picture")
        #expect(pair.quiet.screen.joined().contains("▀▀▀▀"))
        #expect(pair.quiet.terminal.quietSteps > before, "a run was under way when the picture came")
        pair.run(until: 9, "after the story's end")
    }

    @Test("the schedule: each step due at the bar's next eighth, its one cell what the layout draws then, all before the story ends")
    func schedule() throws {
        // At 78 columns and 3 s an eighth is 4.8 ms, closer than a frame: the loop draws those.
        let fast = SessionHarness(Self.deck([3]))
        fast.run(until: 0.1)
        #expect(fast.session.barSchedule(at: 0.1, limit: 64) == nil)
        let slow = SessionHarness(Self.deck([30]))
        slow.terminal.allowsQuietRuns = false
        // After the start's own deadlines (the keyboard probe's bound at 0.2 s).
        slow.run(until: 1.03)
        let interval = 30 / Double(8 * 78)
        let steps = try #require(slow.session.barSchedule(at: 1.03, limit: 1000))
        // Eighths 22 to 623 of 624: the last is the story's end, which the loop handles (the next story begins).
        #expect(steps.count == 8 * 78 - 22 && steps.times.count == steps.count + 1, "\(steps.count) steps, then \(steps.times.suffix(3))")
        #expect(steps.times.last == 30)
        #expect(steps.times[0] > 1.03 && steps.times[0] <= 1.03 + interval)
        let layout = ScreenLayout(options: LayoutOptions())
        for index in 0..<steps.count {
            #expect(abs(steps.times[index + 1] - steps.times[index] - interval) < 1e-9, "step \(index)")
            let cell = try #require(steps.cells[index])
            // The layout's whole frame at that time has this cell there, and the frame before it another.
            let frame = layout.frame(for: slow.session.model.viewState(at: steps.times[index]), width: 80, height: 24)
            let before = layout.frame(for: slow.session.model.viewState(at: steps.times[index] - 1e-6), width: 80, height: 24)
            #expect(frame[cell.row, cell.column] == cell.cell && before[cell.row, cell.column] != cell.cell, "step \(index)")
        }
        // Near the end: every step before the story's end, the last bound at it.
        slow.run(until: 29.5)
        let last = try #require(slow.session.barSchedule(at: 29.5, limit: 1000))
        #expect(last.count < 12 && last.times.allSatisfy { $0 <= 30 })
        #expect(last.times[last.count - 1] < 30)
    }
}
