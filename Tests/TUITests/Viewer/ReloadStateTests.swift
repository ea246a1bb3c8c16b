import Testing
@testable import TUI
@testable import ViewerCore

/// Reloading as a value: what each call asks the shell to do.
@Suite
struct ReloadStateTests {
    @Test("one read at a time: requests during a read make one more read when it finishes")
    func oneAtATime() {
        var reload = ReloadState()
        let first = reload.request(), second = reload.request(), third = reload.request()
        #expect(first == [.loadDeck] && second.isEmpty && third.isEmpty)
        let afterFirst = reload.finished()
        #expect(afterFirst == [.loadDeck], "the waiting requests are one read")
        #expect(reload.inFlight)
        let afterSecond = reload.finished()
        #expect(afterSecond.isEmpty && !reload.inFlight)
    }

    @Test("a change is read once it has settled, not before, and only once")
    func settles() {
        var reload = ReloadState()
        reload.changed(at: 1)
        #expect(reload.due == 1 + ReloadState.settle)
        let early = reload.takeDue(at: 1.01)
        let settled = reload.takeDue(at: 1 + ReloadState.settle)
        let again = reload.takeDue(at: 2)
        #expect(!early && settled && !again)
        #expect(reload.due == nil)
    }
}
