import Engine
import Testing

/// Space on a terminal that reports press, repeat and release (the kitty keyboard protocol).
@Suite("Holding space with key release reports")
struct KeyReleaseHoldTests {
    @Test("press suspends at once, release resumes at the release; both say via release")
    func pressAndRelease() {
        var session = HoldSession.started()
        session.space(.pressed, at: 1)
        session.space(.released, at: 3)
        #expect(session.events.log == ["1.0 suspend(hold) a", "3.0 resume(hold) a"])
        #expect(session.events.map(\.via) == [.release, .release])
        #expect(session.events[0].jsonLine(origin: 0)
            == #"{"t":1.000,"event":"suspend","index":0,"id":"a","cause":"hold","via":"release"}"#)
    }

    @Test("a press shorter than 0.25 s is a tap: the pause sticks, and the next press resumes at once")
    func tap() {
        var session = HoldSession.started()
        session.space(.pressed, at: 1)
        session.space(.released, at: 1.1)
        session.advance(to: 5)
        #expect(session.take() == ["1.0 suspend(hold) a"])
        #expect(session.playback.pauseReasons == .sticky)
        session.space(.pressed, at: 6)
        #expect(session.take() == ["6.0 resume(hold) a"])
        // The rest of that press does nothing, short or long.
        session.space(.released, at: 6.5)
        #expect(session.take().isEmpty)
        #expect(!session.playback.isPaused)
    }

    @Test("a press of exactly 0.25 s is a hold")
    func threshold() {
        var session = HoldSession.started()
        session.space(.pressed, at: 1)
        session.space(.released, at: 1.25)
        #expect(session.take() == ["1.0 suspend(hold) a", "1.25 resume(hold) a"])
    }

    @Test("repeats change nothing: one hold from press to release")
    func repeatsIgnored() {
        var session = HoldSession.started()
        session.space(.pressed, at: 1)
        var t = 1.5
        while t <= 4 {
            session.space(.repeated, at: t)
            t += 0.033
        }
        session.space(.released, at: 4.01)
        #expect(session.take() == ["1.0 suspend(hold) a", "4.01 resume(hold) a"])
        // A repeat with no press seen is ignored too.
        session.space(.repeated, at: 5)
        #expect(session.take().isEmpty)
    }

    @Test("a release that never comes ends the hold 2 s after the last press or repeat")
    func lostRelease() {
        var session = HoldSession.started()
        session.space(.pressed, at: 1)
        session.space(.repeated, at: 1.5)
        session.space(.repeated, at: 2)
        #expect(session.holds.nextDeadline == 4)
        session.advance(to: 10)
        #expect(session.take() == ["1.0 suspend(hold) a", "4.0 resume(hold) a"])
        #expect(session.holds.nextDeadline == nil)
    }

    @Test("a press while the key counts as down settles the lost release first")
    func pressWithoutRelease() {
        var held = HoldSession.started()
        held.space(.pressed, at: 1)
        held.space(.pressed, at: 1.5)
        #expect(held.take() == ["1.0 suspend(hold) a", "1.5 resume(hold) a", "1.5 suspend(hold) a"])
        var tapped = HoldSession.started()
        tapped.space(.pressed, at: 1)
        tapped.space(.pressed, at: 1.1)
        #expect(tapped.take() == ["1.0 suspend(hold) a", "1.1 resume(hold) a"])
    }

    @Test("focus lost counts as a release: a hold resumes, a short press is a tap")
    func focusLost() {
        var held = HoldSession.started()
        held.space(.pressed, at: 1)
        held.focusLost(at: 2)
        #expect(held.take() == ["1.0 suspend(hold) a", "2.0 resume(hold) a"])
        var short = HoldSession.started()
        short.space(.pressed, at: 1)
        short.focusLost(at: 1.1)
        #expect(short.take() == ["1.0 suspend(hold) a"])
        #expect(short.playback.pauseReasons == .sticky)
    }

    @Test("title and caption hide at exactly 0.25 s of holding, and the tracker wakes the viewer then")
    func textHidesAtTheThreshold() {
        var session = HoldSession.started()
        session.space(.pressed, at: 1)
        #expect(session.holds.nextDeadline == 1.25)
        #expect(!session.holds.hidesText(at: 1.2499))
        #expect(session.holds.hidesText(at: 1.25))
        session.advance(to: 1.25)
        #expect(session.holds.nextDeadline == 3)
        session.space(.released, at: 2)
        #expect(!session.holds.hidesText(at: 2))
        // A tap never hides them.
        session.space(.pressed, at: 5)
        session.space(.released, at: 5.2)
        #expect(session.holds.textHiddenSince == nil)
        // Nor does a press that resumed the sticky pause, however long.
        session.space(.pressed, at: 6)
        #expect(session.holds.textHiddenSince == nil)
        #expect(!session.holds.hidesText(at: 9))
    }

    @Test("switching from the repeat fallback to release reports ends the fallback's hold first")
    func modeSwitch() {
        var session = HoldSession.started()
        session.holdSpace(at: 1, firstRepeat: 1.5, every: 0.033, until: 2)
        session.space(.pressed, at: 2.01)
        #expect(!session.holds.repeats.isHeld)
        #expect(session.events.log == ["1.0 suspend(hold) a", "2.01 resume(hold) a", "2.01 suspend(hold) a"])
        #expect(session.events.map(\.via) == [.repeat, .repeat, .release])
        session.space(.released, at: 3)
        #expect(!session.playback.isPaused)
    }
}
