/// Asks the terminal for its background colour (OSC 11), so that a picture's transparent pixels can be
/// composited over it (docs/IMAGES.md, "Transparency"). Pure: its inputs are the terminal's replies and
/// times, its output the bytes to write.
///
/// The query goes out in the start-up batch, before the keyboard probe's, so the DA1 that ends the
/// probe's first round trip also ends this one (terminals answer in order): an OSC 11 answer before
/// that DA1 is the colour; DA1 alone, or nothing within `timeout`, means the terminal does not say.
/// Without the probe (`--key-release off`) the query brings its own DA1. Pictures wait for it to
/// settle (one round trip, at most `timeout`), so that the first conversion is already the right one.
package struct BackgroundQuery: Sendable, Equatable {
    private enum Phase: Sendable, Equatable {
        case idle
        case asking(deadline: Double)
        case settled(UInt32?)
    }

    /// `OSC 11 ; ? ST`: what is the background colour.
    package static let queryBytes: [UInt8] = Array("\u{1B}]11;?\u{1B}\\".utf8)
    /// DA1, when no keyboard probe sends one.
    package static let endBytes: [UInt8] = Array("\u{1B}[c".utf8)
    /// The bound on the round trip, the keyboard probe's.
    package static let defaultTimeout = KeyboardProtocolProbe.defaultTimeout

    package let timeout: Double
    private var phase = Phase.idle

    package init(timeout: Double = defaultTimeout) {
        self.timeout = timeout
    }

    /// Begins the query: the bytes to write now. `withEnd`: add a DA1 of its own (no probe sends one).
    package mutating func start(at now: Double, withEnd: Bool) -> [UInt8] {
        guard phase == .idle else { return [] }
        phase = .asking(deadline: now + timeout)
        return Self.queryBytes + (withEnd ? Self.endBytes : [])
    }

    /// Whether an answer is awaited (pictures wait meanwhile).
    package var isAsking: Bool {
        if case .asking = phase { return true }
        return false
    }

    /// Whether the answer came, or will not.
    package var isSettled: Bool {
        if case .settled = phase { return true }
        return false
    }

    /// The colour the terminal answered (0xRRGGBB); nil when it did not, or not yet.
    package var color: UInt32? {
        if case .settled(let color) = phase { return color }
        return nil
    }

    /// When `expire(at:)` must be called if no answer came; nil when nothing is awaited.
    package var deadline: Double? {
        if case .asking(let deadline) = phase { return deadline }
        return nil
    }

    /// Takes one reply; returns whether this settled the query.
    package mutating func receive(_ reply: TerminalReply) -> Bool {
        guard isAsking else { return false }
        switch reply {
        case .backgroundColor(let rgb): phase = .settled(rgb)
        case .primaryDeviceAttributes: phase = .settled(nil)
        case .keyboardFlags, .graphics: return false
        }
        return true
    }

    /// Ends a query that got no answer by its deadline; returns whether this settled it.
    package mutating func expire(at now: Double) -> Bool {
        guard let deadline, now >= deadline else { return false }
        phase = .settled(nil)
        return true
    }

    /// The colour in an OSC 11 answer's body (what follows `ESC ]`, before its BEL or ST):
    /// `11;rgb:RRRR/GGGG/BBBB` with 1 to 4 hex digits a component (`rgb:RR/GG/BB`, `rgb:R/G/B`: each
    /// scaled to 8 bits), or `11;#RRGGBB` / `11;#RGB`; nil for anything else.
    package static func color(inAnswer body: some Collection<UInt8>) -> UInt32? {
        let text = String(decoding: body, as: UTF8.self)
        guard text.hasPrefix("11;") else { return nil }
        let value = text.dropFirst(3)
        if value.hasPrefix("rgb:") {
            let parts = value.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
            var rgb: UInt32 = 0
            for part in parts {
                guard let component = scaled(part) else { return nil }
                rgb = rgb << 8 | component
            }
            return rgb
        }
        if value.hasPrefix("#") {
            let digits = value.dropFirst()
            guard digits.count == 3 || digits.count == 6 else { return nil }
            let width = digits.count / 3
            var rgb: UInt32 = 0
            for index in 0..<3 {
                let start = digits.index(digits.startIndex, offsetBy: index * width)
                guard let component = scaled(digits[start..<digits.index(start, offsetBy: width)]) else { return nil }
                rgb = rgb << 8 | component
            }
            return rgb
        }
        return nil
    }

    /// 1–4 hex digits as an 8-bit value (`f` is 255, `8000` is 128).
    private static func scaled(_ digits: Substring) -> UInt32? {
        guard (1...4).contains(digits.count), let value = UInt32(digits, radix: 16) else { return nil }
        let maximum = (UInt32(1) << (4 * UInt32(digits.count))) - 1
        return (value * 255 + maximum / 2) / maximum
    }
}
