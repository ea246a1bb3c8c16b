import Testing
@testable import TUI
@testable import ViewerCore

/// The kitty keyboard protocol negotiation, against the terminal families of SPEC 4.1.
struct KeyboardProtocolProbeTests {
    typealias Probe = KeyboardProtocolProbe
    static let query = Array("\u{1B}[?u\u{1B}[c".utf8)
    static let push = Array("\u{1B}[>15u".utf8)
    static let pop = Array("\u{1B}[<u".utf8)

    @Test("the exact bytes: query + DA1, push of 1|2|4|8, pop of one entry")
    func bytes() {
        #expect(Probe.queryBytes == Self.query)
        #expect(Probe.pushBytes == Self.push)
        #expect(Probe.popBytes == Self.pop)
        #expect(Probe.requestedFlags & Probe.requiredFlags == Probe.requiredFlags)
    }

    @Test("kitty-like: detected in one round trip, pushed, confirmed in a second; pop and push again around Ctrl-Z")
    func kitty() {
        var session = ProbeSession(FakeTerminal(.kitty, latency: 0.01))
        session.run()
        #expect(session.probe.outcome == .releaseReporting(15))
        #expect(session.settledAt == 0.02)
        #expect(session.terminal.written == Self.query + Self.push + Self.query)
        #expect(session.terminal.flags == 15)
        #expect(session.terminal.stack == [0])
        #expect(!session.decodedAnythingButReplies)

        // Ctrl-Z: pop before stopping; a second suspend writes nothing.
        #expect(session.probe.suspend() == Self.pop)
        #expect(session.probe.suspend().isEmpty)
        // fg: push again; a stray second SIGCONT writes nothing.
        #expect(session.probe.resume() == Self.push)
        #expect(session.probe.resume().isEmpty)
        // Quit: pop, and the terminal's stack is as it was before the program.
        session.terminal.write(session.probe.suspend(), at: 3)
        #expect(session.terminal.flags == 0)
        #expect(session.terminal.stack.isEmpty)
        #expect(session.probe.outcome == .releaseReporting(15))
    }

    @Test("tmux/VTE-like (DA1 only): legacy at the DA1 reply, well before the bound, nothing pushed")
    func deviceAttributesOnly() {
        var session = ProbeSession(FakeTerminal(.deviceAttributesOnly, latency: 0.01))
        session.run()
        #expect(session.probe.outcome == .legacy)
        #expect(session.settledAt == 0.01)
        #expect(session.terminal.written == Self.query)
        #expect(session.probe.suspend().isEmpty)
        #expect(session.probe.resume().isEmpty)
    }

    @Test("a terminal that answers nothing costs exactly the bound")
    func silent() {
        var session = ProbeSession(FakeTerminal(.silent))
        session.run()
        #expect(session.probe.outcome == .legacy)
        #expect(session.settledAt == Probe.defaultTimeout)
        #expect(session.terminal.written == Self.query)
        #expect(session.events.isEmpty)
    }

    @Test("replies after the bound are decoded as replies, never keys, and change nothing")
    func lateReplies() {
        var session = ProbeSession(FakeTerminal(.kitty, latency: 0.3))
        session.run()
        #expect(session.probe.outcome == .legacy)
        #expect(session.settledAt == Probe.defaultTimeout)
        #expect(session.events == [.reply(.keyboardFlags(0)), .reply(.graphics(.primaryDeviceAttributes([62, 22]))),
                                   .reply(.primaryDeviceAttributes)])
        #expect(session.terminal.written == Self.query)
        #expect(session.terminal.stack.isEmpty)
    }

    @Test("each round trip has its own bound: a reply at 150 ms and a confirmation at 300 ms succeed")
    func slowLink() {
        var session = ProbeSession(FakeTerminal(.kitty, latency: 0.15))
        session.run()
        #expect(session.probe.outcome == .releaseReporting(15))
        #expect(session.settledAt == 0.3)
    }

    @Test("a terminal that acknowledges the push but does not apply it: popped, legacy")
    func ignoresPush() {
        var session = ProbeSession(FakeTerminal(.ignoresPush))
        session.run()
        #expect(session.probe.outcome == .legacy)
        #expect(session.terminal.written == Self.query + Self.push + Self.query + Self.pop)
        #expect(session.terminal.stack.isEmpty)
        #expect(!session.probe.isPushed)
        #expect(session.probe.resume().isEmpty)
    }

    @Test("a terminal that applies only some flags (no report-all-keys): popped, legacy")
    func partialFlags() {
        var session = ProbeSession(FakeTerminal(.supports(3)))
        session.run()
        #expect(session.probe.outcome == .legacy)
        #expect(session.terminal.flags == 0)
        #expect(session.terminal.stack.isEmpty)
    }

    @Test("flags 2|8 without 1 and 4 are enough")
    func requiredFlagsOnly() {
        var session = ProbeSession(FakeTerminal(.supports(10)))
        session.run()
        #expect(session.probe.outcome == .releaseReporting(10))
    }

    @Test("a confirmation that never comes: legacy at its bound, popped")
    func confirmationTimesOut() {
        var session = ProbeSession(FakeTerminal(.answersOnce, latency: 0.01))
        session.run()
        #expect(session.probe.outcome == .legacy)
        #expect(session.settledAt == 0.01 + Probe.defaultTimeout)
        #expect(session.terminal.written == Self.query + Self.push + Self.query + Self.pop)
        #expect(session.terminal.stack.isEmpty)
    }

    @Test("Ctrl-Z during the confirmation: pop, give up the negotiation, push nothing after fg")
    func suspendWhileConfirming() {
        var probe = Probe()
        _ = probe.start(at: 0)
        #expect(probe.receive(.keyboardFlags(0), at: 0.01).isEmpty)
        #expect(probe.receive(.primaryDeviceAttributes, at: 0.01) == Self.push + Self.query)
        #expect(probe.suspend() == Self.pop)
        #expect(probe.outcome == .legacy)
        #expect(probe.receive(.keyboardFlags(15), at: 0.02).isEmpty)
        #expect(probe.resume().isEmpty)
    }

    @Test("expire before the deadline does nothing; nothing happens before start")
    func early() {
        var probe = Probe()
        #expect(probe.deadline == nil)
        #expect(probe.receive(.primaryDeviceAttributes, at: 0).isEmpty)
        #expect(probe.suspend().isEmpty)
        _ = probe.start(at: 1)
        #expect(probe.deadline == 1 + Probe.defaultTimeout)
        #expect(probe.expire(at: 1.1).isEmpty)
        #expect(probe.outcome == nil)
        #expect(probe.start(at: 1.1).isEmpty)
    }
}
