import Engine
import Testing

@Suite("Holding space, the repeat fallback: SPEC 4.1")
struct HoldDetectorTests {
    /// A detector that has seen one clean hold: a 0.5 s initial delay, then 33 ms repeats for 2 s.
    static func learned(initialDelay: Double = 0.5, interval: Double = 0.033) -> HoldDetector {
        var detector = HoldDetector()
        _ = detector.spaceKey(at: 0)
        var t = initialDelay
        while t <= 2 {
            _ = detector.spaceKey(at: t)
            t += interval
        }
        _ = detector.advance(to: 5)
        return detector
    }

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

    @Test("without jitter the release is detected 6 repeat intervals after the last repeat (at most 0.5 s)",
          arguments: [0.030, 0.033, 0.050, 0.070, 0.1])
    func sixIntervals(interval: Double) {
        var detector = HoldDetector()
        _ = detector.spaceKey(at: 0)
        var last = 0.0
        var t = 0.5
        while t <= 2 {
            _ = detector.spaceKey(at: t)
            last = t
            t += interval
        }
        let window = min(6 * interval, 0.5)
        #expect(detector.advance(to: last + window - 0.002).isEmpty)
        #expect(detector.advance(to: last + window + 0.002) == [.ended])
    }

    @Test("a press with no repeat within the first-repeat band is a tap; unlearned, the band is 0.2–1.2 s")
    func tap() {
        var detector = HoldDetector()
        #expect(detector.nextDeadline == nil)
        #expect(detector.firstRepeatBand == 0.2..<1.2)
        #expect(detector.spaceKey(at: 1) == [.began])
        #expect(detector.isHeld)
        #expect(detector.heldSince == 1)
        #expect(detector.nextDeadline == 2.2)
        #expect(detector.advance(to: 2.19).isEmpty)
        #expect(detector.advance(to: 2.2) == [.becameTap])
        #expect(!detector.isHeld)
        // Until 1.5 s after the press a space may still prove to be a late first repeat; that limit is
        // applied when the next space comes, so it asks for no wake-up (a tapped deck sleeps).
        #expect(detector.nextDeadline == nil)
        #expect(detector.advance(to: 2.5).isEmpty)
        #expect(detector.nextDeadline == nil)
        #expect(detector.spaceKey(at: 100) == [.began])
    }

    @Test("a second space before the band cannot be a first repeat: tap, then a second press at once")
    func quickSecondTap() {
        var detector = HoldDetector()
        #expect(detector.spaceKey(at: 0) == [.began])
        #expect(detector.spaceKey(at: 0.15) == [.becameTap, .began])
        #expect(detector.heldSince == 0.15)
        #expect(detector.advance(to: 1.35) == [.becameTap])
    }

    @Test("spaces within 80 ms of a press are repeats bunched behind it, never a second tap")
    func bunchedBehindThePress() {
        var detector = HoldDetector()
        #expect(detector.spaceKey(at: 0) == [.began])
        #expect(detector.spaceKey(at: 0.05).isEmpty)
        #expect(detector.confirmedSince == 0.05)
        #expect(detector.spaceKey(at: 0.05).isEmpty)
        #expect(detector.isHeld)
    }

    @Test("one clean hold teaches the initial delay: the band narrows to it ± 50 ms")
    func learnsTheBand() {
        let detector = Self.learned()
        #expect(abs(detector.firstRepeatBand.lowerBound - 0.45) < 1e-9)
        #expect(abs(detector.firstRepeatBand.upperBound - 0.55) < 1e-9)
        var slow = Self.learned(initialDelay: 1.02, interval: 0.05)
        #expect(abs(slow.firstRepeatBand.lowerBound - 0.97) < 1e-9)
        // A second press before the band is a second tap; after it, the first was a tap.
        #expect(slow.spaceKey(at: 10) == [.began])
        #expect(slow.spaceKey(at: 10.8) == [.becameTap, .began])
    }

    @Test("a lone space in the band with no second repeat was a second tap: it resumes when the release window passes")
    func loneSpaceInTheBand() {
        var detector = Self.learned()
        #expect(detector.spaceKey(at: 10) == [.began])
        #expect(detector.spaceKey(at: 10.5).isEmpty)
        #expect(detector.confirmedSince == nil)
        let window = detector.releaseWindow
        #expect(detector.nextDeadline == 10.5 + window)
        #expect(detector.advance(to: 10.5 + window) == [.becameTap, .began])
        #expect(detector.heldSince == 10.5)
    }

    @Test("a second repeat makes the hold sure")
    func secondRepeatConfirms() {
        var detector = HoldDetector()
        _ = detector.spaceKey(at: 0)
        _ = detector.spaceKey(at: 0.5)
        #expect(detector.confirmedSince == nil)
        _ = detector.spaceKey(at: 0.533)
        #expect(detector.confirmedSince == 0.533)
        _ = detector.spaceKey(at: 0.566)
        #expect(detector.confirmedSince == 0.533)
    }

    @Test("a first repeat later than the learned band: read as a second tap, reclaimed by the next repeat")
    func lateFirstRepeatReclaimed() {
        var detector = Self.learned()
        #expect(detector.spaceKey(at: 20) == [.began])
        #expect(detector.spaceKey(at: 20.7) == [.becameTap, .began])
        #expect(detector.spaceKey(at: 20.733) == [.began])
        #expect(detector.confirmedSince == 20.733)
        var t = 20.766
        while t <= 22 {
            #expect(detector.spaceKey(at: t).isEmpty)
            t += 0.033
        }
        // The late delay is learned: the band now reaches it.
        #expect(detector.firstRepeatBand.contains(0.7))
    }

    @Test("a first repeat earlier than the learned band (bunched by jitter): one second press, then reclaimed")
    func earlyFirstRepeatReclaimed() {
        var detector = Self.learned()
        #expect(detector.spaceKey(at: 20) == [.began])
        #expect(detector.spaceKey(at: 20.3) == [.becameTap, .began])
        #expect(detector.spaceKey(at: 20.31) == [.began])
        #expect(detector.isHeld)
    }

    @Test("a third space too soon after a quick second tap reads as repeats: held again")
    func quickThirdSpace() {
        var detector = Self.learned()
        #expect(detector.spaceKey(at: 10) == [.began])
        #expect(detector.spaceKey(at: 10.2) == [.becameTap, .began])
        // 0.1 s later: sooner than the release window (a repeat) and than the band (not a first repeat).
        #expect(detector.spaceKey(at: 10.3) == [.began])
    }

    @Test("end(at:) counts the key as released now")
    func end() {
        var idle = HoldDetector()
        #expect(idle.end(at: 1).isEmpty)
        var pressed = HoldDetector()
        _ = pressed.spaceKey(at: 1)
        #expect(pressed.end(at: 1.1) == [.becameTap])
        #expect(!pressed.isHeld && pressed.nextDeadline == nil)
        var held = HoldDetector()
        _ = held.spaceKey(at: 1)
        _ = held.spaceKey(at: 1.5)
        #expect(held.end(at: 1.6) == [.ended])
        _ = held.spaceKey(at: 2)
        _ = held.spaceKey(at: 2.5)
        _ = held.spaceKey(at: 2.53)
        #expect(held.end(at: 2.6) == [.ended])
        // Deadlines due before the end come first.
        var late = HoldDetector()
        _ = late.spaceKey(at: 0)
        #expect(late.end(at: 5) == [.becameTap])
    }

    @Test("never stuck: after any burst of spaces the key is released within 1.5 s of the last one")
    func neverStuck() {
        var random = SplitMix64(seed: 41)
        for _ in 0..<300 {
            var detector = HoldDetector()
            var t = 0.0
            for _ in 0..<random.int(in: 1...40) {
                t += random.chance(0.2) ? random.double(in: 0.2...1.5) : random.double(in: 0...0.12)
                _ = detector.spaceKey(at: t)
                #expect(detector.nextDeadline.map { $0 > t && $0 <= t + HoldDetector.lateRepeatLimit } == true)
                #expect((0.120...0.500).contains(detector.releaseWindow))
            }
            _ = detector.advance(to: t + HoldDetector.lateRepeatLimit)
            #expect(!detector.isHeld)
            #expect(detector.nextDeadline == nil)
        }
    }
}

@Suite("Holding space, through playback")
struct HoldPlaybackTests {
    let deck = TestDecks.deck(["a", "b", "c"], durations: [10, 10, 10])

    @Test("a tap pauses (sticky) and a second tap resumes at once")
    func tapToggles() {
        var viewer = HoldSession(deck)
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
        var viewer = HoldSession(deck)
        _ = viewer.take()
        viewer.holdSpace(at: 1, firstRepeat: 1 + 0.5, every: 0.03, until: 3)
        #expect(viewer.playback.isHeld)
        #expect(viewer.playback.holdDuration(at: 3).map { abs($0 - 2) < 1e-9 } == true)
        viewer.advance(to: 4)
        let events = viewer.events
        #expect(events.map(\.kind) == [.suspend(.hold), .resume(.hold)])
        #expect(events.map(\.via) == [.repeat, .repeat])
        #expect(events.last.map { abs($0.time - 3.18) < 0.002 } == true)
        #expect(!viewer.playback.isPaused)
    }

    @Test("a hold whose first repeat comes at 900 ms stays one pause")
    func lateRepeatHold() {
        var viewer = HoldSession(deck)
        _ = viewer.take()
        viewer.holdSpace(at: 1, firstRepeat: 1 + 0.9, every: 0.05, until: 2.5)
        viewer.advance(to: 4)
        let events = viewer.events
        #expect(events.map(\.kind) == [.suspend(.hold), .resume(.hold)])
        #expect(events.last.map { abs($0.time - 2.8) < 0.002 } == true)
    }

    @Test("a 1 s initial delay plus jitter (first repeat at 1.02 s) is still one hold, paused throughout")
    func slowestInitialDelay() {
        var viewer = HoldSession(TestDecks.deck(["a", "b"], defaultDuration: 30))
        _ = viewer.take()
        viewer.holdSpace(at: 1, firstRepeat: 1 + 1.02, every: 0.05, until: 4)
        viewer.advance(to: 5)
        let events = viewer.take()
        #expect(events.first == "1.0 suspend(hold) a")
        #expect(events.count == 2)
        #expect(events.last?.hasPrefix("4.") == true && events.last?.hasSuffix("resume(hold) a") == true)
    }

    @Test("a tap while paused by p resumes at once; the rest of that press does nothing")
    func tapWhilePaused() {
        var viewer = HoldSession(deck)
        _ = viewer.take()
        viewer.input(.togglePause(.toggle), at: 1)
        viewer.holdSpace(at: 2, firstRepeat: 2 + 0.5, every: 0.03, until: 3)
        viewer.advance(to: 5)
        #expect(viewer.take() == ["1.0 suspend(toggle) a", "2.0 resume(hold) a"])
    }

    @Test("navigation while space is held keeps the hold: the new story waits at 0")
    func navigationKeepsHold() {
        var viewer = HoldSession(deck)
        _ = viewer.take()
        viewer.space(at: 1)
        viewer.space(at: 1.5)
        viewer.input(.next, at: 1.52)
        viewer.space(at: 1.53)
        #expect(viewer.playback.isHeld)
        #expect(viewer.playback.elapsed(at: 1.53) == 0)
        viewer.advance(to: 3)
        // One gap between repeats is too few to trust: the release window is still 0.5 s.
        #expect(viewer.take() == ["1.0 suspend(hold) a", "1.52 end(next) a", "1.52 begin b", "2.03 resume(hold) b"])
    }

    @Test("the mouse button: paused from the 0.25 s threshold to the release, with cause mouse")
    func mouseHold() {
        var viewer = HoldSession(deck)
        _ = viewer.take()
        viewer.mousePress(at: 2)
        viewer.advance(to: 9)
        viewer.mouseRelease(at: 9)
        #expect(viewer.take() == ["2.25 suspend(mouse) a", "9.0 resume(mouse) a"])
        #expect(viewer.playback.nextDeadline == 16.75)
    }
}
