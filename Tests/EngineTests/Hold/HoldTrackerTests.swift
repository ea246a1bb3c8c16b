import Engine
import Testing

/// The façade the viewer owns: deadlines in time order, when the text hides, focus, `via`.
@Suite("HoldTracker")
struct HoldTrackerTests {
    @Test("repeat fallback: text hides once the hold is sure (the second repeat), never before 0.25 s")
    func sureHold() {
        var session = HoldSession.started()
        session.spaces([1, 1.5])
        #expect(session.holds.textHiddenSince == nil)
        session.space(at: 1.533)
        #expect(session.holds.textHiddenSince == 1.533)
        #expect(!session.holds.hidesText(at: 1.5329))
        #expect(session.holds.hidesText(at: 1.533))
        // Repeats bunched right behind the press make it sure at once; the text still waits for 0.25 s.
        var bunched = HoldSession.started()
        bunched.spaces([1, 1.05])
        #expect(bunched.holds.textHiddenSince == 1.25)
        #expect(bunched.holds.nextDeadline == 1.25)
        bunched.advance(to: 1.25)
        #expect(bunched.holds.nextDeadline.map { $0 > 1.25 } == true)
    }

    @Test("repeat fallback: a tap, or a lone space in the band, never hides the text")
    func noFlash() {
        var session = HoldSession.started()
        session.space(at: 1)
        for t in stride(from: 1.0, through: 3, by: 0.05) {
            session.advance(to: t)
            #expect(!session.holds.hidesText(at: t))
        }
        session.spaces([10, 10.5])
        session.advance(to: 12)
        #expect(session.holds.textHiddenSince == nil)
    }

    @Test("deadlines apply at their own time, in order with the story's: one late wake-up, exact events")
    func deadlinesInOrder() {
        var session = HoldSession.started(TestDecks.deck(["a", "b"], durations: [3, 100]))
        session.spaces([1, 1.5])
        // A lone space in the band, then silence: at 2.0 it proves a second tap (resume); the story,
        // having run 1 s before the press, ends 2 s later.
        session.advance(to: 10)
        #expect(session.take() == ["1.0 suspend(hold) a", "2.0 resume(hold) a", "4.0 end(timer) a", "4.0 begin b"])
    }

    @Test("an input after a missed deadline meets the state that deadline left")
    func inputAfterDeadline() {
        var session = HoldSession.started()
        session.holdSpace(at: 1, firstRepeat: 1.5, every: 0.03, until: 3)
        session.space(at: 5)
        #expect(session.take() == ["1.0 suspend(hold) a", "3.18 resume(hold) a", "5.0 suspend(hold) a"])
    }

    @Test("focus lost ends every hold at once")
    func focusLost() {
        var session = HoldSession.started()
        session.mousePress(at: 1)
        session.holdSpace(at: 2, firstRepeat: 2.5, every: 0.033, until: 3)
        session.focusLost(at: 3.01)
        #expect(session.take() == ["1.25 suspend(mouse) a", "3.01 resume(mouse) a"])
        #expect(!session.playback.isPaused)
        #expect(session.holds.nextDeadline == nil)
        #expect(!session.holds.hidesText(at: 3.01))
    }

    @Test("events not caused by space carry no via; JSON lines write it after the cause")
    func via() {
        #expect(LifecycleEvent(time: 2, kind: .resume(.hold), index: 1, id: "b", via: .repeat).jsonLine(origin: 1)
            == #"{"t":1.000,"event":"resume","index":1,"id":"b","cause":"hold","via":"repeat"}"#)
        #expect(LifecycleEvent(time: 2, kind: .suspend(.toggle), index: 1, id: "b").jsonLine(origin: 1)
            == #"{"t":1.000,"event":"suspend","index":1,"id":"b","cause":"toggle"}"#)
        var session = HoldSession.started()
        session.input(.togglePause(.toggle), at: 1)
        session.space(at: 2)
        #expect(session.events.map(\.via) == [nil, .repeat])
    }

    @Test("random inputs: the next deadline is always later than now, events never go back in time")
    func randomInputs() {
        for seed in UInt64(1)...200 {
            var random = SplitMix64(seed: seed)
            var session = HoldSession.started(TestDecks.deck(["a", "b", "c"], durations: [100, 100, 100], strategy: .loop))
            var now = 0.0
            for _ in 0..<80 {
                now += random.chance(0.1) ? random.double(in: 0.5...3) : random.double(in: 0...0.15)
                switch random.int(in: 0...9) {
                case 0...3: session.space(at: now)
                case 4: session.space(.pressed, at: now)
                case 5: session.space(random.chance(0.5) ? .released : .repeated, at: now)
                case 6: session.mousePress(column: random.int(in: 0...79), width: 80, at: now)
                case 7: session.mouseRelease(column: random.int(in: 0...79), width: 80, at: now)
                case 8: session.focusLost(at: now)
                default: session.advance(to: now)
                }
                #expect(session.holds.nextDeadline.map { $0 > now } ?? true, "seed \(seed)")
            }
            let times = session.events.map(\.time)
            #expect(times == times.sorted(), "seed \(seed)")
            // Letting everything go and waiting: nothing holds the deck any more.
            session.mouseRelease(at: now)
            session.space(.released, at: now)
            session.advance(to: now + 3)
            #expect(session.playback.phase == .playing && !session.playback.isHeld, "seed \(seed)")
        }
    }
}

/// `PlaybackSession`: the playback and the holds with one clock.
@Suite("PlaybackSession")
struct PlaybackSessionTests {
    @Test("an input meets the state it was sent to: a mouse hold that became sure before it pauses first, at its own time")
    func inputAfterDeadlines() {
        var session = HoldSession.started()
        session.mousePress(at: 1)
        // No advance between: handle applies the hold's 1.25 s deadline before the navigation at 2.
        session.input(.next, at: 2)
        let log = session.take()
        #expect(log.first == "1.25 suspend(mouse) a", "\(log)")
        #expect(log.contains { $0.hasPrefix("2.0 end(next) a") }, "\(log)")
    }
}
