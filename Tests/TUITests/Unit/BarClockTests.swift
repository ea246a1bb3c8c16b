import Testing
@testable import TUI

@Suite("Bar clock: wake only for visible steps")
struct BarClockTests {
    /// A 10 s story whose progress maps linearly to time from t = 100.
    func time(_ fraction: Double) -> Double? { 100 + fraction * 10 }

    @Test("a 10-column segment of a 10 s story changes every 1/80 of it: every 0.125 s")
    func stepLength() throws {
        let first = try #require(BarClock.nextStep(progress: 0, segmentWidth: 10, time: time))
        #expect(abs(first - 100.125) < 1e-9)
        let later = try #require(BarClock.nextStep(progress: 0.5, segmentWidth: 10, time: time))
        #expect(abs(later - 105.125) < 1e-9)
    }

    @Test("in the middle of a step it waits for the next one, not a fixed tick")
    func midStep() throws {
        let next = try #require(BarClock.nextStep(progress: 0.51, segmentWidth: 10, time: time))
        #expect(abs(next - 105.125) < 1e-9)
    }

    @Test("nothing to wait for when the segment is full or has no width, or time is unknown")
    func none() {
        #expect(BarClock.nextStep(progress: 1, segmentWidth: 10, time: time) == nil)
        #expect(BarClock.nextStep(progress: 0.2, segmentWidth: 0, time: time) == nil)
        #expect(BarClock.nextStep(progress: 0.2, segmentWidth: 10) { _ in nil } == nil)
    }
}
