@testable import ViewerCore
/// Checks raw bytes written by the program for anything that a terminal would take as a control sequence
/// that the program did not mean to send (SPEC 7).
enum TerminalBytes {
    /// CSI final bytes that ncurses emits for drawing: cursor motion, erase, insert/delete, scroll region,
    /// attributes (SGR), modes (SM/RM, with `?` for DEC private modes), repeat (REP). Not `n` (status reports,
    /// which make the terminal answer on the program's input), `c` (device attributes), `t`, `q`, `p`, `x`.
    static let csiFinals = Set("@ABCDEFGHIJKLMPSTXZ`abdefhlmr".utf8)

    /// Problems in the output of the full-screen viewer: every ESC must start an expected curses sequence,
    /// and no other control character, C1 control or bidirectional control may appear.
    /// - Parameter allowing: C0 control bytes besides ESC that curses may use (LF, CR, SO, SI, BS, TAB).
    /// The flags query with DA1 (`CSI ? u CSI c`), the kitty flags push `CSI > 15 u` and pop `CSI < u`.
    static let keyboardProtocolSequences: [[UInt8]] = ["\u{1B}[?u\u{1B}[c", "\u{1B}[>15u", "\u{1B}[<u"]
        .map { Array($0.utf8) }
    /// The program's own background query (OSC 11 `?`, docs/IMAGES.md, "Transparency"), whole; any other OSC
    /// is still a violation.
    static let backgroundQuery: [UInt8] = Array("\u{1B}]11;?\u{1B}\\".utf8)

    /// The program's own graphics probe (docs/IMAGES.md, "Detection"), whole, without its DA1 (the keyboard
    /// probe's ends it); a lone kitty APC or any of its queries alone is still a violation.
    static let graphicsProbe: [UInt8] = Array(GraphicsProbe.queryBytes.dropLast(GraphicsProbe.sentinel.utf8.count))

    /// How an OSC 8 hyperlink (open or close) starts.
    static let hyperlinkStart = Array("\u{1B}]8;;".utf8)

    /// - Parameter hyperlinks: accept well-formed OSC 8 hyperlinks (a deck with a `link`); elsewhere any is injected.
    static func screenViolations(_ bytes: [UInt8], allowing: Set<UInt8> = [0x0A, 0x0D, 0x0E, 0x0F, 0x08, 0x09],
                                 hyperlinks: Bool = false) -> [String] {
        var problems = scalarViolations(bytes)
        var index = 0
        func context(_ at: Int) -> String {
            let slice = bytes[max(0, at - 8)..<min(bytes.count, at + 24)]
            return String(decoding: slice, as: UTF8.self).debugDescription
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B, bytes[index...].starts(with: Self.graphicsProbe) {
                index += Self.graphicsProbe.count
                continue
            }
            if byte == 0x1B {
                guard index + 1 < bytes.count else {
                    problems.append("ESC at the very end")
                    break
                }
                let next = bytes[index + 1]
                switch next {
                case UInt8(ascii: "["):
                    var end = index + 2
                    let privateMode = end < bytes.count && bytes[end] == UInt8(ascii: "?")
                    while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
                    guard end < bytes.count else {
                        problems.append("unterminated CSI at \(index)")
                        return problems
                    }
                    let final = bytes[end]
                    // The program's own keyboard-protocol query, push and pop (docs/VIEWER.md, "Input"),
                    // whole: a lone DA1 request (`CSI c`) is still a violation.
                    if let own = Self.keyboardProtocolSequences.first(where: { bytes[index...].starts(with: $0) }) {
                        index += own.count
                        continue
                    }
                    if !csiFinals.contains(final) || (privateMode && final != UInt8(ascii: "h") && final != UInt8(ascii: "l")) {
                        problems.append("unexpected CSI at \(index): \(context(index))")
                    }
                    index = end + 1
                    continue
                case UInt8(ascii: "("), UInt8(ascii: ")"):
                    if index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "B") || bytes[index + 2] == UInt8(ascii: "0") {
                        index += 3
                        continue
                    }
                    problems.append("unexpected charset designation at \(index): \(context(index))")
                case UInt8(ascii: "7"), UInt8(ascii: "8"), UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "M"):
                    index += 2
                    continue
                case UInt8(ascii: "]") where bytes[index...].starts(with: Self.backgroundQuery):
                    index += Self.backgroundQuery.count
                    continue
                case UInt8(ascii: "]") where hyperlinks && bytes[index...].starts(with: Self.hyperlinkStart):
                    // The program's own OSC 8 hyperlink (docs/VIEWER.md, "Links"): printable ASCII only up to
                    // its ST (the address is percent-encoded), nothing else.
                    var end = index + Self.hyperlinkStart.count
                    while end < bytes.count, (0x21...0x7E).contains(bytes[end]) { end += 1 }
                    guard end + 1 < bytes.count, bytes[end] == 0x1B, bytes[end + 1] == UInt8(ascii: "\\") else {
                        problems.append("malformed OSC 8 at \(index): \(context(index))")
                        index += 2
                        continue
                    }
                    index = end + 2
                    continue
                default:
                    // OSC (]) other than a hyperlink, DCS (P), APC (_), PM (^), SOS (X), ST (\), RIS (c) and everything else.
                    problems.append("unexpected ESC \(String(decoding: [next], as: UTF8.self)) at \(index): \(context(index))")
                }
            } else if byte < 0x20 && !allowing.contains(byte) || byte == 0x7F {
                problems.append("control byte 0x\(String(byte, radix: 16)) at \(index): \(context(index))")
            }
            index += 1
        }
        return problems
    }

    /// Problems in text output (plain mode, messages, the events file): no control byte but line feeds.
    static func textViolations(_ bytes: [UInt8]) -> [String] {
        var problems = scalarViolations(bytes)
        for (index, byte) in bytes.enumerated() where (byte < 0x20 && byte != 0x0A) || byte == 0x7F {
            problems.append("control byte 0x\(String(byte, radix: 16)) at \(index)")
        }
        return problems
    }

    /// Invalid UTF-8 (a lone 0x9B byte is an 8-bit CSI to some terminals), C1 controls and bidi controls.
    static func scalarViolations(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                let value = scalar.value
                if (0x80...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) {
                    problems.append("U+\(String(value, radix: 16, uppercase: true)) at scalar \(offset)")
                }
                offset += 1
            case .emptyInput:
                break decoding
            case .error:
                problems.append("invalid UTF-8 near scalar \(offset)")
                offset += 1
            }
        }
        return problems
    }
}
