/// Finds the answers to the graphics probe in the bytes the terminal sent, as a pure, resumable scanner:
/// `scan(_:)` takes bytes as they are read (a reply may be split across reads) and returns the replies
/// completed in them. Everything that is not a reply it knows is passed over: keys typed ahead, other
/// replies, malformed sequences.
///
/// Work is bounded: a sequence longer than `maximumSequenceBytes` is dropped whole, and no more than that
/// is kept between calls. The viewer's `InputDecoder` reads the same replies with this scanner's
/// `controlSequence`, `kittyReply` and `versionReply` as it meets them among the keys (docs/IMAGES.md,
/// "Detection"); the scanner itself serves the tests and tools that read raw bytes.
package struct GraphicsReplyScanner: Sendable {
    /// The longest sequence read: XTVERSION's text and kitty's error messages are far shorter.
    package static let maximumSequenceBytes = 512

    private static let escape: UInt8 = 0x1B

    /// The start of a sequence not yet complete at the end of the last call.
    private var pending: [UInt8] = []

    package init() {}

    /// The replies completed by `bytes` (after what earlier calls left pending), in order.
    package mutating func scan(_ bytes: [UInt8]) -> [GraphicsReply] {
        let input = pending + bytes
        pending = []
        var replies: [GraphicsReply] = []
        var index = 0
        while index < input.count {
            guard input[index] == Self.escape, index + 1 < input.count else {
                if input[index] == Self.escape { pending = [Self.escape] }
                index += 1
                continue
            }
            let introducer = input[index + 1]
            let end: Int?
            switch introducer {
            case UInt8(ascii: "["): end = Self.controlSequenceEnd(input, from: index + 2)
            case UInt8(ascii: "_"), UInt8(ascii: "P"): end = Self.stringEnd(input, from: index + 2)
            default:
                index += 1
                continue
            }
            guard let end else {
                // Incomplete: keep it for the next call, unless it is already too long to be a reply.
                if input.count - index <= Self.maximumSequenceBytes {
                    pending = Array(input[index...])
                    return replies
                }
                index += 2
                continue
            }
            if end - index <= Self.maximumSequenceBytes {
                let reply: GraphicsReply?
                if introducer == UInt8(ascii: "[") {
                    reply = Self.controlSequence(Array(input[(index + 2)..<end]))
                } else {
                    // The string's body, without the introducer and the two bytes of ST (ESC \).
                    let body = Array(input[(index + 2)..<(end - 2)])
                    reply = introducer == UInt8(ascii: "_") ? Self.kittyReply(body) : Self.versionReply(body)
                }
                if let reply { replies.append(reply) }
            }
            index = end
        }
        return replies
    }

    /// The index just past a CSI's final byte (0x40–0x7E) after its parameters and intermediates, or nil
    /// when the bytes end first. A byte outside a CSI's grammar ends it there (not a reply).
    private static func controlSequenceEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if (0x40...0x7E).contains(byte) { return index + 1 }
            guard (0x20...0x3F).contains(byte) else { return index }
            index += 1
        }
        return nil
    }

    /// The index just past a string's terminator ST (`ESC \`), or nil when the bytes end first.
    private static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == escape && bytes[index + 1] == UInt8(ascii: "\\") { return index + 2 }
            index += 1
        }
        return nil
    }

    /// A CSI's body (parameters, intermediates, final byte) as one of the replies, or nil.
    package static func controlSequence(_ body: [UInt8]) -> GraphicsReply? {
        guard let final = body.last else { return nil }
        var parameters = body.dropLast()
        let isPrivate = parameters.first == UInt8(ascii: "?")
        if isPrivate { parameters = parameters.dropFirst() }
        var intermediate: UInt8?
        if let last = parameters.last, (0x20...0x2F).contains(last) {
            intermediate = last
            parameters = parameters.dropLast()
        }
        guard let numbers = numbers(parameters) else { return nil }
        switch (isPrivate, intermediate, final) {
        case (true, nil, UInt8(ascii: "c")):
            return .primaryDeviceAttributes(numbers)
        case (true, nil, UInt8(ascii: "S")) where numbers.count >= 2:
            return .graphicsAttribute(item: numbers[0], status: numbers[1], values: Array(numbers.dropFirst(2)))
        case (true, UInt8(ascii: "$"), UInt8(ascii: "y")) where numbers.count == 2:
            return .privateMode(mode: numbers[0], value: numbers[1])
        case (false, nil, UInt8(ascii: "t")) where numbers.count == 3:
            let size = PixelSize(width: numbers[2], height: numbers[1])
            if numbers[0] == 4 { return .windowPixels(size) }
            if numbers[0] == 6 { return .cellPixels(size) }
            return nil
        default:
            return nil
        }
    }

    /// `;`-separated decimal numbers (an empty one is 0, as in DA1's `?62;c`), or nil when a parameter
    /// is anything else or too large to be a real answer.
    private static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int]? {
        guard !bytes.isEmpty else { return [] }
        var numbers: [Int] = []
        var current = 0
        for byte in bytes {
            if byte == UInt8(ascii: ";") {
                numbers.append(current)
                current = 0
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                current = current * 10 + Int(byte - UInt8(ascii: "0"))
                guard current <= 1_000_000 else { return nil }
            } else {
                return nil
            }
        }
        numbers.append(current)
        // DA1's trailing `;` before `c` leaves an empty last parameter: it is not an attribute.
        if bytes.last == UInt8(ascii: ";") { numbers.removeLast() }
        return numbers
    }

    /// An APC body `G keys;message`: the answer to our direct query (`i=` `GraphicsProbe.kittyQueryID`) or to
    /// the one by file (`GraphicsProbe.kittyFileQueryID`).
    package static func kittyReply(_ body: [UInt8]) -> GraphicsReply? {
        guard body.first == UInt8(ascii: "G") else { return nil }
        let text = String(decoding: body.dropFirst(), as: UTF8.self)
        guard let separator = text.firstIndex(of: ";") else { return nil }
        let keys = text[..<separator].split(separator: ",")
        let ok = text[text.index(after: separator)...] == "OK"
        if keys.contains(where: { $0 == "i=\(GraphicsProbe.kittyQueryID)" }) { return .kittyGraphics(ok: ok) }
        if keys.contains(where: { $0 == "i=\(GraphicsProbe.kittyFileQueryID)" }) { return .kittyFiles(ok: ok) }
        return nil
    }

    /// A DCS body `>|text` (XTVERSION): the text, printable ASCII only.
    package static func versionReply(_ body: [UInt8]) -> GraphicsReply? {
        guard body.count >= 2, body[0] == UInt8(ascii: ">"), body[1] == UInt8(ascii: "|") else { return nil }
        let printable = body.dropFirst(2).filter { (0x20...0x7E).contains($0) }
        return .version(String(decoding: printable, as: UTF8.self))
    }
}
