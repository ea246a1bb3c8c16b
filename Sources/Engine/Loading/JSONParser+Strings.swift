/// String literals: escapes, surrogate pairs, building each string once from its bytes.
extension JSONParser {
    mutating func parseString(inValue: Bool) throws(Stop) -> String {
        position += 1
        let start = position
        var segmentStart = position
        var buffer: [UInt8]?
        while true {
            guard position < bytes.count else {
                throw fail(.syntax(expected: .closingQuote, found: .endOfInput), inValue: inValue)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                defer { position += 1 }
                guard var text = buffer else {
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                }
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
                return String(decoding: text, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                var text = buffer ?? []
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
                try parseEscape(into: &text, inValue: inValue)
                buffer = text
                segmentStart = position
                continue
            }
            if byte < 0x20 {
                throw fail(.unescapedControlCharacter(UInt32(byte)), inValue: inValue)
            }
            if byte & 0xC0 == 0x80 { continuationBytes += 1 }
            position += 1
        }
    }

    /// Parses the escape at `position` (a backslash) and appends what it stands for as UTF-8.
    mutating func parseEscape(into text: inout [UInt8], inValue: Bool) throws(Stop) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else {
            throw fail(.syntax(expected: .escape, found: .endOfInput), inValue: inValue)
        }
        let simple: UInt8?
        switch bytes[position] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw fail(.syntax(expected: .escape, found: token(at: position)), inValue: inValue)
        }
        if let simple {
            text.append(simple)
            position += 1
            return
        }
        position += 1
        var value = try parseHex4(inValue: inValue)
        if (0xD800...0xDBFF).contains(value), peek(UInt8(ascii: "\\")), position + 1 < bytes.count,
            bytes[position + 1] == UInt8(ascii: "u") {
            let save = position
            position += 2
            let low = try parseHex4(inValue: inValue)
            if (0xDC00...0xDFFF).contains(low) {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else {
                position = save
            }
        }
        if (0xD800...0xDFFF).contains(value) {
            problems.append(DeckProblem(
                path: path(includingCurrent: inValue).rendered,
                line: line, column: Int(column(at: escapeStart)), kind: .loneSurrogate(value)))
            value = 0xFFFD
        }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        UTF8.encode(scalar) { text.append($0) }
    }

    mutating func parseHex4(inValue: Bool) throws(Stop) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else {
                throw fail(.syntax(expected: .hexDigit, found: .endOfInput), inValue: inValue)
            }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail(.syntax(expected: .hexDigit, found: token(at: position)), inValue: inValue)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
