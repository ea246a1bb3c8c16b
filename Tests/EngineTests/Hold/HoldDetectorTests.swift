import Engine
import Testing

@Suite("Holding space: SPEC 4.1")
struct HoldDetectorTests {
    @Test("30 ms repeats after a 500 ms initial delay, held for 2 s: held throughout, released 180 ms after the last repeat")
    func fastRepeats() {
        var detector = HoldDetector()
        #expect(detector.spaceKey(at: 10) == [.began])
        var last = 10.0
        var t = 10.5
        while t <= 12.0 {
            #expect(detector.advance(to: t - 0.001).isEmpty)
            #expect(detector.spaceKey(at: t).isEmpty)
            #expect(detector.isHeld)
            last = t
            t += 0.030
        }
        #expect(abs(detector.releaseWindow - 0.180) < 0.001)
        #expect(detector.nextDeadline.map { abs($0 - (last + 0.180)) < 0.001 } == true)
        #expect(detector.advance(to: last + 0.170).isEmpty)
        #expect(detector.advance(to: last + 0.181) == [.ended])
        #expect(!detector.isHeld)
        #expect(detector.nextDeadline == nil)
    }

    @Test("100 ms repeats never look like a release; the window is capped at 500 ms")
    func slowRepeats() {
        var detector = HoldDetector()
        #expect(detector.spaceKey(at: 0) == [.began])
        var t = 0.66
        var last = 0.0
        while t <= 5 {
            #expect(detector.spaceKey(at: t).isEmpty)
            #expect(detector.isHeld)
            last = t
            t += 0.1
        }
        #expect(detector.releaseWindow == 0.5)
        #expect(detector.advance(to: last + 0.49).isEmpty)
        #expect(detector.advance(to: last + 0.5) == [.ended])
    }

    @Test("a press with no repeat within 750 ms is a tap; the deadlines say when to look again")
    func tap() {
        var detector = HoldDetector()
        #expect(detector.nextDeadline == nil)
        #expect(detector.spaceKey(at: 1) == [.began])
        #expect(detector.isHeld)
        #expect(detector.heldSince == 1)
        #expect(detector.nextDeadline == 1.75)
        #expect(detector.advance(to: 1.74).isEmpty)
        #expect(detector.advance(to: 1.8) == [.becameTap])
        #expect(!detector.isHeld)
        #expect(detector.nextDeadline == nil)
        #expect(detector.advance(to: 100).isEmpty)
        #expect(detector.spaceKey(at: 100) == [.began])
    }

    @Test("a 1 s initial delay plus jitter (first repeat at 1.02 s) is still one hold, paused throughout")
    func slowestInitialDelay() {
        var viewer = Viewer(TestDecks.deck(["a", "b"], defaultDuration: 30))
        _ = viewer.take()
        viewer.holdSpace(from: 1, initialDelay: 1.02, interval: 0.05, until: 4)
        viewer.advance(to: 5)
        // Suspended at the press, resumed only after the last repeat (4.0) and its release window.
        let events = viewer.take()
        #expect(events.first == "1.0 suspend(hold) a")
        #expect(events.count == 2)
        #expect(events.last?.hasPrefix("4.") == true && events.last?.hasSuffix("resume(hold) a") == true)
    }

    @Test("a first repeat arriving late, at 900 ms, retracts the tap; the hold then ends normally")
    func lateFirstRepeat() {
        var detector = HoldDetector()
        #expect(detector.spaceKey(at: 0) == [.began])
        #expect(detector.advance(to: 0.75) == [.becameTap])
        #expect(detector.spaceKey(at: 0.9) == [.tapRetracted])
        #expect(detector.isHeld)
        #expect(detector.nextDeadline == 1.4)
        var t = 0.94
        while t <= 2 {
            #expect(detector.spaceKey(at: t).isEmpty)
            t += 0.04
        }
        #expect(abs(detector.releaseWindow - 0.24) < 0.001)
        #expect(detector.advance(to: 2.5) == [.ended])
        // The 900 ms delay is learned: the next press waits longer before calling itself a tap.
        #expect(abs(detector.tapWindow - 0.99) < 0.001)
        #expect(detector.spaceKey(at: 10) == [.began])
        #expect(detector.advance(to: 10.8).isEmpty)
        #expect(detector.spaceKey(at: 10.9).isEmpty)
    }

    @Test("a second space more than 1.5 s after a tap is a new press; within 1.5 s, a late first repeat")
    func secondPress() {
        var detector = HoldDetector()
        #expect(detector.spaceKey(at: 0) == [.began])
        #expect(detector.spaceKey(at: 1.6) == [.becameTap, .began])
        var late = HoldDetector()
        #expect(late.spaceKey(at: 0) == [.began])
        // A slow system's first repeat (1 s) delayed by jitter: the tap is retracted, still one hold.
        #expect(late.spaceKey(at: 1.2) == [.becameTap, .tapRetracted])
        #expect(late.isHeld)
    }

    @Test("explicit press and release: held until the release, whatever the time, never a tap")
    func explicitPressRelease() {
        var detector = HoldDetector()
        #expect(detector.press(at: 5) == [.began])
        #expect(detector.nextDeadline == nil)
        #expect(detector.advance(to: 60).isEmpty)
        #expect(detector.isHeld)
        #expect(detector.press(at: 61).isEmpty)
        #expect(detector.release(at: 62) == [.ended])
        #expect(detector.release(at: 63).isEmpty)
        #expect(detector.press(at: 64) == [.began])
        #expect(detector.release(at: 64.1) == [.ended])
    }

    @Test("never stuck: after any burst of spaces the key is released within 1 s of the last one")
    func neverStuck() {
        var random = SplitMix64(seed: 41)
        for _ in 0..<200 {
            var detector = HoldDetector()
            var t = 0.0
            for _ in 0..<random.int(in: 1...40) {
                t += random.chance(0.2) ? random.double(in: 0.2...1.5) : random.double(in: 0...0.12)
                _ = detector.spaceKey(at: t)
                #expect(detector.nextDeadline.map { $0 <= t + 1.0 } ?? !detector.isHeld)
            }
            _ = detector.advance(to: t + 1.0)
            #expect(!detector.isHeld)
            #expect((0.120...0.500).contains(detector.releaseWindow))
        }
    }
}

@Suite("Holding space, through playback")
struct HoldPlaybackTests {
    let deck = TestDecks.deck(["a", "b", "c"], durations: [10, 10, 10])

    @Test("a tap pauses (sticky) and a second tap resumes at once")
    func tapToggles() {
        var viewer = Viewer(deck)
        _ = viewer.take()
        viewer.space(at: 1)
        viewer.advance(to: 5)
        #expect(viewer.take() == ["1.0 suspend(hold) a"])
        #expect(viewer.playback.pauseReasons == .sticky)
        #expect(viewer.playback.holdDuration(at: 5) == nil)
        viewer.space(at: 6)
        viewer.advance(to: 8)
        #expect(viewer.take() == ["6.0 resume(hold) a"])
        #expect(viewer.playback.elapsed(at: 8) == 3)
        #expect(!viewer.playback.isPaused)
    }

    @Test("holding space pauses at once and resumes 6 intervals after the last repeat")
    func holdPauses() {
        var viewer = Viewer(deck)
        _ = viewer.take()
        viewer.holdSpace(from: 1, initialDelay: 0.5, interval: 0.03, until: 3)
        #expect(viewer.playback.isHeld)
        #expect(viewer.playback.holdDuration(at: 3).map { abs($0 - 2) < 1e-9 } == true)
        viewer.advance(to: 4)
        let events = viewer.events
        #expect(events.map(\.kind) == [.suspend(.hold), .resume(.hold)])
        #expect(events.last.map { abs($0.time - 3.18) < 0.002 } == true)
        #expect(!viewer.playback.isPaused)
    }

    @Test("a hold whose first repeat comes at 900 ms stays one pause")
    func lateRepeatHold() {
        var viewer = Viewer(deck)
        _ = viewer.take()
        viewer.holdSpace(from: 1, initialDelay: 0.9, interval: 0.05, until: 2.5)
        viewer.advance(to: 4)
        let events = viewer.events
        #expect(events.map(\.kind) == [.suspend(.hold), .resume(.hold)])
        #expect(events.last.map { abs($0.time - 2.8) < 0.002 } == true)
    }

    @Test("a tap while paused by p resumes at once; the rest of that press does nothing")
    func tapWhilePaused() {
        var viewer = Viewer(deck)
        _ = viewer.take()
        viewer.input(.togglePause(.toggle), at: 1)
        viewer.holdSpace(from: 2, initialDelay: 0.5, interval: 0.03, until: 3)
        viewer.advance(to: 5)
        #expect(viewer.take() == ["1.0 suspend(toggle) a", "2.0 resume(hold) a"])
    }

    @Test("navigation while space is held keeps the hold: the new story waits at 0")
    func navigationKeepsHold() {
        var viewer = Viewer(deck)
        _ = viewer.take()
        viewer.space(at: 1)
        viewer.space(at: 1.5)
        viewer.input(.next, at: 1.52)
        viewer.space(at: 1.53)
        #expect(viewer.playback.isHeld)
        #expect(viewer.playback.elapsed(at: 1.53) == 0)
        viewer.advance(to: 3)
        #expect(viewer.take() == ["1.0 suspend(hold) a", "1.52 end(next) a", "1.52 begin b", "1.71 resume(hold) b"])
    }

    @Test("the mouse button: paused from press to release, with cause mouse")
    func mouseHold() {
        var viewer = Viewer(deck)
        _ = viewer.take()
        viewer.mousePress(at: 2)
        viewer.advance(to: 9)
        viewer.mouseRelease(at: 9)
        #expect(viewer.take() == ["2.0 suspend(mouse) a", "9.0 resume(mouse) a"])
        #expect(viewer.playback.nextDeadline == 17)
    }
}
