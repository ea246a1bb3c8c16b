import Engine
import Testing

/// Tap to pause, tap again to resume: the second tap must resume at once, while a hold whose first
/// repeat comes late (1.02 s, plus jitter) stays one hold (issue 11; docs/PLAYBACK.md, "The second tap").
@Suite("Holding space: the second tap")
struct SecondTapTests {
    static let gaps = [0.15, 0.3, 0.8, 1.2, 1.45]

    /// A session that has seen one clean hold with this initial delay, ended by 10 s; events cleared.
    static func learned(initialDelay: Double, interval: Double = 0.033) -> HoldSession {
        var session = HoldSession()
        session.holdSpace(at: 1, firstRepeat: 1 + initialDelay, every: interval, until: 4)
        session.advance(to: 10)
        _ = session.take()
        return session
    }

    @Test("after one hold has taught the initial delay, a second tap resumes at the key, whatever the gap",
          arguments: [0.5, 0.66, 1.02])
    func learnedDelay(initialDelay: Double) {
        for gap in Self.gaps {
            var session = Self.learned(initialDelay: initialDelay)
            session.space(at: 20)
            session.space(at: 20 + gap)
            session.advance(to: 30)
            #expect(session.take() == ["20.0 suspend(hold) a", "\(20 + gap) resume(hold) a"], "gap \(gap)")
            #expect(!session.playback.isPaused)
        }
    }

    @Test("before any hold, a second tap resumes at the key outside 0.2–1.2 s, else one release window later")
    func unlearned() {
        for gap in [0.15, 1.2, 1.45, 3] {
            var session = HoldSession.started()
            session.spaces([20, 20 + gap])
            session.advance(to: 30)
            #expect(session.take() == ["20.0 suspend(hold) a", "\(20 + gap) resume(hold) a"], "gap \(gap)")
        }
        // Inside the band it could be a first repeat: the deck stays paused (no play inside a hold) until
        // no second repeat has come within the release window (0.5 s before any repeat is known).
        for gap in [0.3, 0.8] {
            var session = HoldSession.started()
            session.spaces([20, 20 + gap])
            session.advance(to: 30)
            #expect(session.take() == ["20.0 suspend(hold) a", "\(20 + gap + 0.5) resume(hold) a"], "gap \(gap)")
        }
    }

    @Test("a second tap exactly where a first repeat is due waits one release window (198 ms at 33 ms repeats)")
    func inTheLearnedBand() {
        var session = Self.learned(initialDelay: 0.5)
        session.spaces([20, 20.5])
        session.advance(to: 30)
        #expect(session.take() == ["20.0 suspend(hold) a", "20.698 resume(hold) a"])
    }

    @Test("a first repeat at 1.02 s, with random delays up to 150 ms on every space, is one hold (fresh and learned)")
    func slowInitialDelayWithJitter() {
        for seed in UInt64(1)...100 {
            var random = SplitMix64(seed: seed)
            var (holds, playback) = RepeatJitterTests.start()
            for hold in 0..<3 {
                let start = 1 + Double(hold) * 10
                let stream = RepeatStream(press: start, initialDelay: 1.02, interval: 0.05, until: start + 4,
                                          jitter: 0.15)
                let outcome = RepeatJitterTests.play(stream, &random, holds: &holds, playback: &playback)
                #expect(outcome.isOneHold, "seed \(seed), hold \(hold): \(outcome.events.log)")
            }
        }
    }

    @Test("the conflict, resolved: a first repeat later than the band costs one cycle as short as one repeat gap")
    func firstRepeatAfterTheBand() {
        var session = Self.learned(initialDelay: 0.5)
        // Band 0.45–0.55 s; this hold's first repeat is stalled to 0.7 s: first read as a second tap
        // (resume at the key), then the next repeat, 33 ms later, shows a held key.
        session.holdSpace(at: 20, firstRepeat: 20.7, every: 0.033, until: 22)
        session.advance(to: 30)
        let log = session.take()
        #expect(log.count == 4)
        #expect(Array(log.prefix(3)) == ["20.0 suspend(hold) a", "20.7 resume(hold) a", "20.733 suspend(hold) a"])
        // The late delay is learned: the next such hold is one hold.
        session.holdSpace(at: 40, firstRepeat: 40.7, every: 0.033, until: 42)
        session.advance(to: 50)
        #expect(session.take().count == 2)
    }

    @Test("a tap while playing then a hold while paused: the hold resumes at its press (SPEC: a tap while paused resumes)")
    func tapThenHold() {
        var session = Self.learned(initialDelay: 0.5)
        session.space(at: 20)
        session.holdSpace(at: 21.5, firstRepeat: 22, every: 0.033, until: 23)
        session.advance(to: 30)
        #expect(session.take() == ["20.0 suspend(hold) a", "21.5 resume(hold) a"])
    }
}

/// A tap of space pauses at once, but the press is told apart from a hold only later (up to a release
/// window): `p` in that time must resume what the screen shows paused (review finding 3; docs/PLAYBACK.md,
/// "p during a press").
@Suite("Holding space: p while the press is not yet decided")
struct PauseDuringPressTests {
    @Test("tap space, then p 0.4 s or 0.9 s later: p resumes at once and the tap does not pause again",
          arguments: [0.4, 0.9])
    func pResumesAfterTap(delay: Double) {
        var session = HoldSession.started()
        session.space(at: 20)
        session.input(.togglePause(.toggle), at: 20 + delay)
        session.advance(to: 30)
        #expect(session.take() == ["20.0 suspend(hold) a", "\(20 + delay) resume(toggle) a"])
        #expect(!session.playback.isPaused)
    }

    @Test("two p presses in that window: resume, then a sticky pause that the tap's end leaves alone")
    func twoPresses() {
        var session = HoldSession.started()
        session.space(at: 20)
        session.input(.togglePause(.toggle), at: 20.3)
        session.input(.togglePause(.toggle), at: 20.6)
        session.advance(to: 30)
        #expect(session.take() == ["20.0 suspend(hold) a", "20.3 resume(toggle) a", "20.6 suspend(toggle) a"])
        session.input(.togglePause(.toggle), at: 31)
        #expect(session.take() == ["31.0 resume(toggle) a"])
    }

    @Test("with key release reports: p during a held space resumes, shows the text, and the release does nothing")
    func pDuringHeldKey() {
        var session = HoldSession.started()
        session.space(.pressed, at: 20)
        #expect(session.holds.hidesText(at: 20.4))
        session.input(.togglePause(.toggle), at: 20.5)
        #expect(!session.holds.hidesText(at: 20.6))
        session.space(.released, at: 21)
        session.advance(to: 30)
        #expect(session.take() == ["20.0 suspend(hold) a", "20.5 resume(toggle) a"])
        #expect(!session.playback.isPaused)
    }

    @Test("a control resume during the press resumes for good; a control pause stays after the tap")
    func controlDuringPress() {
        var resumed = HoldSession.started()
        resumed.space(at: 20)
        resumed.input(.resume(.control), at: 20.2)
        resumed.advance(to: 30)
        #expect(resumed.take() == ["20.0 suspend(hold) a", "20.2 resume(control) a"])
        var paused = HoldSession.started()
        paused.space(at: 20)
        paused.input(.pause(.control), at: 20.2)
        paused.advance(to: 30)
        #expect(paused.take() == ["20.0 suspend(hold) a"] && paused.playback.isPaused)
    }
}
