import Engine
import Testing

/// A moving picture's frames on its story's clock (SPEC 8.3): a pure function of the elapsed time, so pausing,
/// resuming and restarting are the story clock's, and nothing drifts however often the viewer asks.
@Suite("Animation pacing")
struct AnimationPacingTests {
    /// Three frames of 0.1, 0.2 and 0.3 s: a run of 0.6 s.
    let pacing = AnimationPacing(storedDelays: [100, 200, 300])

    func due(_ elapsed: Double, paused: Bool = false, reduceMotion: Bool = false) -> AnimationFrameDue {
        pacing.due(at: elapsed, paused: paused, reduceMotion: reduceMotion)
    }

    @Test func framesChangeAtTheirOwnDelays() {
        #expect(due(0) == AnimationFrameDue(index: 0, nextChange: 0.1))
        #expect(due(0.0999) == AnimationFrameDue(index: 0, nextChange: 0.1))
        #expect(due(0.1) == AnimationFrameDue(index: 1, nextChange: 0.3))
        #expect(due(0.2999) == AnimationFrameDue(index: 1, nextChange: 0.3))
        #expect(due(0.3) == AnimationFrameDue(index: 2, nextChange: 0.6))
    }

    @Test func theFramesLoopWithinTheStory() {
        #expect(due(0.6) == AnimationFrameDue(index: 0, nextChange: 0.7))
        #expect(due(1.25).index == 0)
        #expect(due(1.35).index == 1)
        #expect(due(600.35) == AnimationFrameDue(index: 2, nextChange: 600.6))
    }

    @Test func wakingAtEachChangeNeverDrifts() throws {
        // 3 000 changes, each asked exactly at the time the one before named: the 3 000th lands on 600 s.
        var elapsed = 0.0
        for change in 0..<3000 {
            let frame = due(elapsed)
            #expect(frame.index == change % 3, "change \(change) at \(elapsed)")
            elapsed = try #require(frame.nextChange)
        }
        #expect(abs(elapsed - 600) < 1e-9)
    }

    @Test func howOftenItIsAskedChangesNothing() {
        // Asked every millisecond or once, the answer at a moment is the same.
        var seen: [AnimationFrameDue] = []
        for millisecond in 0...1234 { seen.append(due(Double(millisecond) / 1000)) }
        #expect(seen.last == due(1.234))
        #expect(seen[150] == due(0.15))
    }

    @Test func pausedTheFrameHoldsAndResumesWhereItWas() {
        // The story clock stands at 0.15 s while paused: the same frame, nothing to wake for.
        #expect(due(0.15, paused: true) == AnimationFrameDue(index: 1, nextChange: nil))
        #expect(due(0.15, paused: true) == AnimationFrameDue(index: 1, nextChange: nil))
        // Resumed, the clock goes on from 0.15 s: the same frame, due to change at 0.3 s as before.
        #expect(due(0.15) == AnimationFrameDue(index: 1, nextChange: 0.3))
    }

    @Test func navigationStartsTheAnimationAgain() {
        // A story begun again has elapsed 0 (and a negative time is taken as 0).
        #expect(due(0.45).index == 2)
        #expect(due(0) == AnimationFrameDue(index: 0, nextChange: 0.1))
        #expect(due(-1) == AnimationFrameDue(index: 0, nextChange: 0.1))
    }

    @Test func reduceMotionShowsTheFirstFrameStill() {
        for elapsed in [0, 0.15, 0.45, 100] {
            #expect(due(elapsed, reduceMotion: true) == AnimationFrameDue(index: 0, nextChange: nil))
        }
    }

    @Test func shortDelaysPlayAsBrowsersPlayThem() {
        // GIF's 0 and 1 hundredths (0 and 10 ms) and anything up to 10 ms play as 100 ms; 11 ms plays as it is.
        #expect(AnimationPacing(storedDelays: [0, 10, 11, 20, 5]).delays == [100, 100, 11, 20, 100])
        #expect(AnimationPacing(storedDelays: [0, 0]).runLength == 0.2)
    }

    @Test func aStoryWithoutDurationLastsOneRunOfAtLeastASecond() {
        #expect(pacing.runLength == 0.6)
        #expect(pacing.storyLength == 1)
        #expect(AnimationPacing(storedDelays: [1000, 1500]).storyLength == 2.5)
        #expect(AnimationPacing(storedDelays: [Int](repeating: 655_350, count: 10_000)).storyLength
            == DeckLimits.maximumDuration)
    }

    @Test func aStillPictureHasOneFrameAndNothingToWakeFor() {
        let still = AnimationPacing(storedDelays: [0])
        #expect(still.due(at: 3, paused: false, reduceMotion: false) == AnimationFrameDue(index: 0, nextChange: nil))
        #expect(still.storyLength == 1)
        #expect(AnimationPacing(storedDelays: []).delays == [100])
    }

    @Test func tenThousandFramesAreFoundByTheirTimes() {
        // Frame i lasts (i % 7 + 2) × 10 ms; the frame due at each frame's start is that frame.
        let delays = (0..<10_000).map { ($0 % 7 + 2) * 10 }
        let long = AnimationPacing(storedDelays: delays)
        var start = 0
        for (index, delay) in delays.enumerated() where index % 997 == 0 || index == delays.count - 1 {
            start = delays[..<index].reduce(0, +)
            let frame = long.due(at: Double(start) / 1000, paused: false, reduceMotion: false)
            #expect(frame.index == index)
            #expect(frame.nextChange == Double(start + delay) / 1000)
        }
    }
}
