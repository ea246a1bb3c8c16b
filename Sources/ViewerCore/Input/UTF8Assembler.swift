/// Collects the bytes of one UTF-8 encoded scalar that may arrive across reads.
///
/// Refuses what is not well-formed (overlong forms, surrogates, values above U+10FFFF) at the first byte
/// that proves it, so that byte can be read afresh: a broken sequence never swallows the key after it.
package struct UTF8Assembler: Sendable, Equatable {
    /// What one more byte did.
    package enum Step: Sendable, Equatable {
        case incomplete
        case complete(Unicode.Scalar)
        /// The byte cannot continue this scalar; the scalar is dropped and the byte is not consumed.
        case invalid
    }

    private var value: UInt32
    private var remaining: Int
    /// The range the next continuation byte must be in (narrower than 0x80...0xBF after E0, ED, F0, F4).
    private var next: ClosedRange<UInt8>

    /// Starts a scalar at `lead`, or nil when `lead` cannot start one (ASCII is not handled here).
    package init?(lead: UInt8) {
        switch lead {
        case 0xC2...0xDF: value = UInt32(lead & 0x1F); remaining = 1; next = 0x80...0xBF
        case 0xE0: value = 0; remaining = 2; next = 0xA0...0xBF
        case 0xED: value = 0x0D; remaining = 2; next = 0x80...0x9F
        case 0xE1...0xEF: value = UInt32(lead & 0x0F); remaining = 2; next = 0x80...0xBF
        case 0xF0: value = 0; remaining = 3; next = 0x90...0xBF
        case 0xF1...0xF3: value = UInt32(lead & 0x07); remaining = 3; next = 0x80...0xBF
        case 0xF4: value = 4; remaining = 3; next = 0x80...0x8F
        default: return nil
        }
    }

    package mutating func add(_ byte: UInt8) -> Step {
        guard next.contains(byte) else { return .invalid }
        value = value << 6 | UInt32(byte & 0x3F)
        remaining -= 1
        next = 0x80...0xBF
        guard remaining == 0 else { return .incomplete }
        guard let scalar = Unicode.Scalar(value) else { return .invalid }
        return .complete(scalar)
    }
}
