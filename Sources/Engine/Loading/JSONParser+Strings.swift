/// String literals: escapes, surrogate pairs, building each string once from its bytes.
///
/// Linear in the literal's length whatever it holds: a string without escapes is decoded straight from the
/// input; one with escapes is built in a single growing buffer (each byte appended once, never re-copied).
extension JSONParser {
    mutating func parseString(inValue: Bool) throws(Stop) -> String {
        let (startLine, startColumn) = (line, Int(column(at: position)))
        position += 1
        let start = position
        var segmentStart = position
        var decoded: [UInt8] = []
        var hasEscapes = false
        while true {
            guard position < bytes.count else {
                throw fail(.unterminatedString(startLine: startLine, startColumn: startColumn, atEndOfFile: true),
                           inValue: inValue)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                defer { position += 1 }
                guard hasEscapes else {
                    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                if !hasEscapes {
                    hasEscapes = true
                    decoded.reserveCapacity(position - start + 64)
                }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<position]))
                let scalar = try parseEscape(inValue: inValue)
                UTF8.encode(scalar) { decoded.append($0) }
                segmentStart = position
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                throw fail(.unterminatedString(startLine: startLine, startColumn: startColumn, atEndOfFile: false),
                           inValue: inValue)
            }
            if byte < 0x20 {
                throw fail(.unescapedControlCharacter(UInt32(byte)), inValue: inValue)
            }
            if byte & 0xC0 == 0x80 { continuationBytes += 1 }
            position += 1
        }
    }

    /// Parses the escape at `position` (a backslash) and returns the character it stands for; a lone
    /// surrogate is reported and stands for U+FFFD.
    mutating func parseEscape(inValue: Bool) throws(Stop) -> Unicode.Scalar {
        let escapeStart = position
        position += 1
        guard position < bytes.count else {
            throw fail(.syntax(expected: .escape, found: .endOfInput), inValue: inValue)
        }
        let simple: Unicode.Scalar?
        switch bytes[position] {
        case UInt8(ascii: "\""): simple = "\""
        case UInt8(ascii: "\\"): simple = "\\"
        case UInt8(ascii: "/"): simple = "/"
        case UInt8(ascii: "b"): simple = "\u{08}"
        case UInt8(ascii: "f"): simple = "\u{0C}"
        case UInt8(ascii: "n"): simple = "\n"
        case UInt8(ascii: "r"): simple = "\r"
        case UInt8(ascii: "t"): simple = "\t"
        case UInt8(ascii: "u"): simple = nil
        default: throw fail(.syntax(expected: .escape, found: token(at: position)), inValue: inValue)
        }
        position += 1
        if let simple { return simple }
        var value = try parseHex4(inValue: inValue)
        if (0xD800...0xDBFF).contains(value), peek(UInt8(ascii: "\\")), position + 1 < bytes.count,
            bytes[position + 1] == UInt8(ascii: "u") {
            let save = position
            position += 2
            let low = try parseHex4(inValue: inValue)
            if (0xDC00...0xDFFF).contains(low) {
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else {
                // Not a pair: the next escape is parsed on its own.
                position = save
            }
        }
        if (0xD800...0xDFFF).contains(value) {
            report(.loneSurrogate(value), line: line, column: Int(column(at: escapeStart)), inValue: inValue)
            return "\u{FFFD}"
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    mutating func parseHex4(inValue: Bool) throws(Stop) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else {
                throw fail(.syntax(expected: .hexDigit, found: .endOfInput), inValue: inValue)
            }
            guard let digit = HexDigit.value(of: bytes[position]) else {
                throw fail(.syntax(expected: .hexDigit, found: token(at: position)), inValue: inValue)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
