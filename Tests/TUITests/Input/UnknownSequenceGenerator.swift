@testable import TUI
@testable import ViewerCore

/// Writes sequences the viewer has no use for, with random payloads: CSI sequences with unknown finals or
/// with intermediates, CSI sequences longer than the cap, SS3 with unknown finals, OSC, DCS, APC, PM, SOS
/// and bracketed pastes. The decoder must swallow each whole (a paste as one `.paste`).
struct UnknownSequenceGenerator {
    var random: SeededGenerator

    /// Finals no unmarked or marked CSI key, report or reply uses.
    static let unknownFinals = Array("@GJKLNTUVWXY\\]^_`abdefghijklnopqrstvwxyz{|}".utf8)
    static let unknownSingleShiftFinals = Array("abcdefghiGJKLNTUVWYZ".utf8)
    static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// A sequence and the events it must give: none, or `.paste` for a paste.
    mutating func sequence() -> (bytes: [UInt8], events: [InputEvent]) {
        let kind = Int.random(in: 0..<6, using: &random)
        return (bytes(kind), kind == 5 ? [.paste] : [])
    }

    private mutating func bytes(_ kind: Int) -> [UInt8] {
        switch kind {
        case 0: return controlSequence()
        case 1: return overlongControlSequence()
        case 2: return [0x1B, 0x4F] + [pick(Self.unknownSingleShiftFinals)]
        case 3: return [0x1B, 0x5D] + payload(excluding: [0x07, 0x1B, 0x18, 0x1A]) + terminator(bell: true)
        case 4:
            let introducer: [UInt8] = [0x1B, pick(Array("P_^X".utf8))]
            return introducer + payload(excluding: [0x1B, 0x18, 0x1A]) + terminator(bell: false)
        default: return paste()
        }
    }

    private mutating func controlSequence() -> [UInt8] {
        let marker: [UInt8] = pick([[], [0x3F], [0x3E], [0x3D], [0x3C]])
        let parameters = (0..<Int.random(in: 0...20, using: &random)).map { _ in pick(Array("0123456789;:".utf8)) }
        let intermediates = (0..<Int.random(in: 0...2, using: &random)).map { _ in
            UInt8.random(in: 0x20...0x2F, using: &random)
        }
        let final = intermediates.isEmpty ? pick(Self.unknownFinals) : UInt8.random(in: 0x40...0x7E, using: &random)
        let introducer: [UInt8] = [0x1B, 0x5B]
        let body: [UInt8] = marker + parameters + intermediates
        return introducer + body + [final]
    }

    /// Longer than the cap, then a final that would otherwise make it a key.
    private mutating func overlongControlSequence() -> [UInt8] {
        let length = InputDecoder.sequenceCap + Int.random(in: 1...100, using: &random)
        let parameters = (0..<length).map { _ in pick(Array("0123456789;".utf8)) }
        return [0x1B, 0x5B] + parameters + [pick(Array("ABCDu~".utf8))]
    }

    private mutating func paste() -> [UInt8] {
        var content = random.bytes(Int.random(in: 0...300, using: &random))
        while let start = content.firstRange(of: Self.pasteEnd) { content.removeSubrange(start) }
        return Array("\u{1B}[200~".utf8) + content + Self.pasteEnd
    }

    private mutating func payload(excluding excluded: Set<UInt8>) -> [UInt8] {
        random.bytes(Int.random(in: 0...200, using: &random)).filter { !excluded.contains($0) }
    }

    private mutating func terminator(bell: Bool) -> [UInt8] {
        bell && Bool.random(using: &random) ? [0x07] : [0x1B, 0x5C]
    }

    private mutating func pick<T>(_ choices: [T]) -> T {
        choices[Int.random(in: 0..<choices.count, using: &random)]
    }
}
