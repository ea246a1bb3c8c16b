import Engine
import Testing

/// The mouse button: a click navigates, a press held 0.25 s pauses until its release (SPEC 4).
@Suite("Holding the mouse button")
struct PointerHoldTests {
    @Test("a click on the left half goes back, on the right half forward, from where it was pressed")
    func clicks() {
        #expect(PointerHold.navigation(column: 39, width: 80) == .previous)
        #expect(PointerHold.navigation(column: 40, width: 80) == .next)
        var session = HoldSession.started()
        session.mousePress(column: 70, width: 80, at: 1)
        session.mouseRelease(column: 5, width: 80, at: 1.2)
        session.mousePress(column: 5, width: 80, at: 2)
        session.mouseRelease(column: 5, width: 80, at: 2.24)
        #expect(session.take() == ["1.2 end(next) a", "1.2 begin b", "2.24 end(previous) b", "2.24 begin a"])
    }

    @Test("a press held 0.25 s pauses from the threshold, hides the text, and its release does not navigate")
    func hold() {
        var session = HoldSession.started()
        session.mousePress(at: 2)
        #expect(session.holds.nextDeadline == 2.25)
        session.advance(to: 2.24)
        #expect(session.take().isEmpty)
        session.advance(to: 3)
        #expect(session.take() == ["2.25 suspend(mouse) a"])
        #expect(session.holds.textHiddenSince == 2.25)
        #expect(session.events.allSatisfy { $0.via == nil })
        session.mouseRelease(at: 5)
        #expect(session.take() == ["5.0 resume(mouse) a"])
        #expect(!session.holds.hidesText(at: 5))
    }

    @Test("a press held on a paused deck leaves the pause alone (text still hides) and does not navigate")
    func holdWhilePaused() {
        var session = HoldSession.started()
        session.input(.togglePause(.toggle), at: 1)
        session.mousePress(at: 2)
        session.advance(to: 3)
        #expect(session.holds.hidesText(at: 3))
        session.mouseRelease(at: 4)
        #expect(session.take() == ["1.0 suspend(toggle) a"])
        #expect(session.playback.pauseReasons == .sticky)
    }

    @Test("a lost release cannot stick: a new press ends the old hold, and is itself a click if short")
    func lostRelease() {
        var session = HoldSession.started()
        session.mousePress(at: 1)
        session.mousePress(at: 3)
        session.mouseRelease(at: 3.1)
        #expect(session.take() == ["1.25 suspend(mouse) a", "3.0 resume(mouse) a", "3.1 end(next) a", "3.1 begin b"])
    }

    @Test("a release with no press seen does nothing (its press went to a panel, or was never seen)")
    func loneRelease() {
        var session = HoldSession.started()
        session.mouseRelease(column: 79, width: 80, at: 1)
        #expect(session.take().isEmpty)
    }

    @Test("a cancelled press (a panel opened) ends its hold, and its release does nothing")
    func cancel() {
        var held = HoldSession.started()
        held.mousePress(at: 1)
        held.cancelMouse(at: 2)
        held.mouseRelease(at: 3)
        #expect(held.take() == ["1.25 suspend(mouse) a", "2.0 resume(mouse) a"])
        var short = HoldSession.started()
        short.mousePress(at: 1)
        short.cancelMouse(at: 1.1)
        short.mouseRelease(at: 1.2)
        short.advance(to: 5)
        #expect(short.take().isEmpty)
        #expect(short.holds.nextDeadline == nil)
    }

    @Test("mouse and space hold on their own: the deck resumes only when both let go")
    func mouseAndSpace() {
        var session = HoldSession.started()
        session.mousePress(at: 1)
        session.holdSpace(at: 2, firstRepeat: 2.5, every: 0.033, until: 3)
        session.advance(to: 5)
        #expect(session.playback.isPaused)
        session.mouseRelease(at: 6)
        #expect(session.take() == ["1.25 suspend(mouse) a", "6.0 resume(mouse) a"])
    }
}
