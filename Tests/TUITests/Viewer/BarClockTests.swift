import Testing
@testable import TUI
@testable import ViewerCore

/// The main loop sleeps until the next visible eighth-step of the current segment: a segment `w`
/// columns wide over a story of `d` seconds steps every `d / 8w` seconds, not on a fixed tick.
struct BarClockTests {
    /// A story of `duration` seconds that began at `begin`: fraction → time.
    static func clock(duration: Double, begin: Double = 0) -> (Double) -> Double? {
        { begin + $0 * duration }
    }

    @Test("a 26-column segment of a 30 s story steps every 30/208 s")
    func stepFromWidthAndDuration() throws {
        let first = try #require(BarClock.nextStep(progress: 0, segmentWidth: 26, time: Self.clock(duration: 30)))
        #expect(abs(first - 30.0 / 208) < 1e-9)
        let later = try #require(BarClock.nextStep(progress: 0.5, segmentWidth: 26,
                                                   time: Self.clock(duration: 30, begin: 100)))
        #expect(abs(later - (100 + 15 + 30.0 / 208)) < 1e-9)
    }

    @Test("between two steps the wake-up is the next step, never now")
    func betweenSteps() throws {
        let step = 30.0 / 208
        let progress = (step * 3.4) / 30
        let next = try #require(BarClock.nextStep(progress: progress, segmentWidth: 26, time: Self.clock(duration: 30)))
        #expect(abs(next - step * 4) < 1e-9)
    }

    @Test("exactly on a step (after rounding error) the wake-up is the following step")
    func onAStep() throws {
        let progress = 5.0 / 16 - 1e-12
        let next = try #require(BarClock.nextStep(progress: progress, segmentWidth: 2, time: Self.clock(duration: 16)))
        #expect(abs(next - 6) < 1e-9)
    }

    @Test("wake-ups per story: 8 per column, whatever the duration")
    func wakeUpsPerStory() {
        for (width, duration) in [(2, 5.0), (7, 20.0), (26, 30.0), (78, 60.0)] {
            var progress = 0.0
            var wakes = 0
            while let next = BarClock.nextStep(progress: progress, segmentWidth: width,
                                               time: Self.clock(duration: duration)) {
                #expect(next > progress * duration)
                progress = next / duration
                wakes += 1
                if wakes > 10_000 { break }
            }
            #expect(wakes == width * 8)
        }
    }

    @Test("no wake-up for a full or zero-width segment, or when time cannot be known")
    func none() {
        #expect(BarClock.nextStep(progress: 1, segmentWidth: 26, time: Self.clock(duration: 30)) == nil)
        #expect(BarClock.nextStep(progress: 0.3, segmentWidth: 0, time: Self.clock(duration: 30)) == nil)
        #expect(BarClock.nextStep(progress: 0.3, segmentWidth: 26) { _ in nil } == nil)
    }

    @Test("segment widths at 80 columns: 3 stories and 100 000 (a window) in one group")
    func segmentWidths() {
        let barWidth = ScreenLayout.barWidth(forTerminalWidth: 80)
        let three = ProgressBarLayout(segments: 0..<3, current: 0, progress: 0, ascii: false)
        // 76 columns: 25, 26, 25; the spare column goes to the middle segment.
        #expect(three.currentSegmentWidth(left: ScreenLayout.margin, width: barWidth) == 25)
        let middle = ProgressBarLayout(segments: 0..<3, current: 1, progress: 0, ascii: false)
        #expect(middle.currentSegmentWidth(left: ScreenLayout.margin, width: barWidth) == 26)
        let many = ProgressBarLayout(segments: 0..<100_000, current: 50_000, progress: 0, ascii: false)
        #expect(many.currentSegmentWidth(left: ScreenLayout.margin, width: barWidth) == 2)
    }
}
