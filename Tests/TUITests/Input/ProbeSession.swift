@testable import TUI
@testable import ViewerCore

/// The probe, the decoder and a fake terminal run together as the viewer's loop would: replies are read
/// and decoded when they arrive, and `expire`/`flush` are called when a deadline passes with nothing to read.
struct ProbeSession {
    var probe = KeyboardProtocolProbe()
    var decoder = InputDecoder()
    var terminal: FakeTerminal
    /// Everything the decoder produced.
    private(set) var events: [InputEvent] = []
    /// When the probe settled.
    private(set) var settledAt: Double?

    init(_ terminal: FakeTerminal) {
        self.terminal = terminal
    }

    /// Starts the probe at time 0 and runs until nothing is pending or `end`.
    mutating func run(until end: Double = 2) {
        terminal.write(probe.start(at: 0), at: 0)
        while let now = [terminal.nextReplyTime, probe.deadline, decoder.escapeDeadline].compactMap({ $0 }).min(),
              now <= end {
            if let reply = terminal.nextReplyTime, reply <= now {
                let decoded = decoder.feed(terminal.read(at: now), at: now)
                events += decoded
                for case .reply(let reply) in decoded {
                    terminal.write(probe.receive(reply, at: now), at: now)
                }
            } else {
                events += decoder.flush(at: now)
                terminal.write(probe.expire(at: now), at: now)
            }
            if settledAt == nil, probe.outcome != nil { settledAt = now }
        }
    }

    /// Whether any key, mouse or paste event came out of the replies.
    var decodedAnythingButReplies: Bool {
        events.contains { if case .reply = $0 { false } else { true } }
    }
}
