/// The kitty keyboard protocol's negotiation as a small value of the model: each step of the probe
/// (`KeyboardProtocolProbe`, pure) returned as the effects it needs: the bytes to write, and the
/// flags going on or off the terminal's stack, which every way out must then pop.
package struct KeyboardNegotiation: Sendable, Equatable {
    package private(set) var probe = KeyboardProtocolProbe()

    /// What the negotiation found, once it settled.
    package var outcome: KeyboardProtocolProbe.Outcome? { probe.outcome }
    /// When an unanswered query counts as "no support".
    package var deadline: Double? { probe.deadline }
    /// Whether the terminal reports key releases (the protocol is in force).
    package var reportsKeyRelease: Bool {
        if case .releaseReporting? = probe.outcome { return true }
        return false
    }

    /// Asks the terminal (at the start, with `--key-release auto`).
    package mutating func start(at now: Double) -> [ViewerEffect] { step { $0.start(at: now) } }

    /// A reply of the terminal arrived.
    package mutating func receive(_ reply: TerminalReply, at now: Double) -> [ViewerEffect] { step { $0.receive(reply, at: now) } }

    /// Time passed: a query that got no answer by its deadline settles (only after the input that
    /// arrived was read, so a late reply still counts).
    package mutating func tick(at now: Double) -> [ViewerEffect] {
        guard let deadline, deadline <= now else { return [] }
        return step { $0.expire(at: now) }
    }

    private mutating func step(_ run: (inout KeyboardProtocolProbe) -> [UInt8]) -> [ViewerEffect] {
        let wasPushed = probe.isPushed
        let bytes = run(&probe)
        var effects: [ViewerEffect] = bytes.isEmpty ? [] : [.writeControl(bytes)]
        if probe.isPushed != wasPushed { effects.append(.keyboardFlags(pushed: probe.isPushed)) }
        return effects
    }
}
