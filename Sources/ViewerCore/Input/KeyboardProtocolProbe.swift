/// Negotiates key release reporting with the kitty keyboard protocol (docs/VIEWER.md, "Input") as a pure
/// state machine: its inputs are the terminal's replies (decoded by `InputDecoder`) and times, its outputs
/// the bytes to write and, once settled, an `Outcome`.
///
/// 1. `start(at:)`, once in the alternate screen (the terminal keeps one flag stack per screen): query
///    the flags (`CSI ? u`) and the primary device attributes (DA1, `CSI c`). Every terminal answers DA1,
///    and in order, so a `CSI ? flags u` before the DA1 reply means the protocol is there; DA1 alone
///    (tmux, VTE, xterm) means it is not; no DA1 within `timeout` (200 ms) means it is not.
/// 2. Supported: push `requestedFlags` (`CSI > 15 u`) and confirm with a second `CSI ? u` + DA1 (again
///    bounded by `timeout`). The confirmed flags must hold `requiredFlags`; a terminal that acknowledges
///    the push but does not apply it is sent a pop and the viewer falls back to the repeat detector.
/// 3. `suspend()` before leaving the alternate screen (quit, signals, Ctrl-Z, hang-up): pop if pushed.
///    `resume()` after `fg`, back in the alternate screen: push again. Both are idempotent.
///
/// Why flags 1|2|4|8 (15) and not 2 alone: flag 2 (report event types) gives repeat and release events
/// only for keys that are sent as escape codes; the spec says "key events that result in text are
/// reported as plain UTF-8 text, so events are not supported for them" unless flag 8 (report all keys as
/// escape codes) is on. Space is a text key, so its release needs 8. With 8, a text key arrives as its
/// unshifted code and modifiers (`?` is `CSI 47;2u`), so flag 4 (report alternate keys) is added to get the
/// shifted key (`CSI 47:63;2u`) on any layout; flag 1 (disambiguate) makes Esc, Alt and Ctrl keys escape
/// codes too. With these flags Ctrl-C, Ctrl-Z and Ctrl-\ no longer raise signals: they arrive as
/// `CSI 99;5u`, `CSI 122;5u`, `CSI 92;5u`, which the decoder reads as `c`, `z`, `\` with `.control`,
/// so the viewer acts on them itself.
///
/// The caller calls `expire(at:)` when `deadline` passes with no input pending; replies read after that
/// (late) are ignored here, and the decoder reads them as replies, never keys.
package struct KeyboardProtocolProbe: Sendable, Equatable {
    /// How the viewer learns that space was released.
    package enum Outcome: Sendable, Equatable {
        /// The terminal reports key releases; these flags are in force.
        case releaseReporting(Int)
        /// No release reporting: holds are inferred from key repeats.
        case legacy
    }

    private enum Phase: Sendable, Equatable {
        case idle
        case detecting(deadline: Double, sawFlags: Bool)
        case confirming(deadline: Double)
        case settled(Outcome)
    }

    /// Disambiguate (1) + report event types (2) + report alternate keys (4) + report all keys (8).
    package static let requestedFlags = 15
    /// What the confirmation must show for releases of space to arrive: event types (2) and all keys (8).
    package static let requiredFlags = 10
    /// The bound on each round trip (detection, then confirmation).
    package static let defaultTimeout = 0.2

    /// Query the flags, then DA1: `ESC [ ? u ESC [ c`.
    package static let queryBytes: [UInt8] = Array("\u{1B}[?u\u{1B}[c".utf8)
    /// Push `requestedFlags` on the terminal's stack: `ESC [ > 15 u`.
    package static let pushBytes: [UInt8] = Array("\u{1B}[>\(requestedFlags)u".utf8)
    /// Pop one entry: `ESC [ < u`.
    package static let popBytes: [UInt8] = Array("\u{1B}[<u".utf8)

    package let timeout: Double
    private var phase = Phase.idle
    /// Whether our flags are on the terminal's stack now (what `suspend()` must pop).
    package private(set) var isPushed = false

    package init(timeout: Double = defaultTimeout) {
        self.timeout = timeout
    }

    /// The result, or nil while the negotiation runs (and before `start`).
    package var outcome: Outcome? {
        if case .settled(let outcome) = phase { return outcome }
        return nil
    }

    /// When `expire(at:)` must be called if no reply came; nil when nothing is awaited.
    package var deadline: Double? {
        switch phase {
        case .detecting(let deadline, _), .confirming(let deadline): return deadline
        case .idle, .settled: return nil
        }
    }

    /// Begins the negotiation: the bytes to write now.
    package mutating func start(at now: Double) -> [UInt8] {
        guard phase == .idle else { return [] }
        phase = .detecting(deadline: now + timeout, sawFlags: false)
        return Self.queryBytes
    }

    /// Takes one reply the decoder read; returns the bytes to write (a push and its confirmation, a pop).
    package mutating func receive(_ reply: TerminalReply, at now: Double) -> [UInt8] {
        switch (phase, reply) {
        case (.detecting(let deadline, _), .keyboardFlags):
            phase = .detecting(deadline: deadline, sawFlags: true)
            return []
        case (.detecting(_, let sawFlags), .primaryDeviceAttributes):
            guard sawFlags else { return settle(.legacy) }
            phase = .confirming(deadline: now + timeout)
            isPushed = true
            return Self.pushBytes + Self.queryBytes
        case (.confirming, .keyboardFlags(let flags)):
            return settle(flags & Self.requiredFlags == Self.requiredFlags ? .releaseReporting(flags) : .legacy)
        case (.confirming, .primaryDeviceAttributes):
            return settle(.legacy)
        default:
            return []
        }
    }

    /// Ends a round trip that got no answer by `deadline`: the protocol is taken as absent (popping what
    /// was pushed). Before the deadline it does nothing.
    package mutating func expire(at now: Double) -> [UInt8] {
        guard let deadline, now >= deadline else { return [] }
        return settle(.legacy)
    }

    /// Before leaving the alternate screen: the pop, if our flags are on the stack. A negotiation still
    /// running is abandoned (settled as `.legacy`).
    package mutating func suspend() -> [UInt8] {
        if outcome == nil, phase != .idle { phase = .settled(.legacy) }
        guard isPushed else { return [] }
        isPushed = false
        return Self.popBytes
    }

    /// Back in the alternate screen after `fg`: the push again, if release reporting was settled and is
    /// not on the stack (a second SIGCONT writes nothing).
    package mutating func resume() -> [UInt8] {
        guard case .releaseReporting = outcome, !isPushed else { return [] }
        isPushed = true
        return Self.pushBytes
    }

    private mutating func settle(_ outcome: Outcome) -> [UInt8] {
        phase = .settled(outcome)
        guard outcome == .legacy, isPushed else { return [] }
        isPushed = false
        return Self.popBytes
    }
}
