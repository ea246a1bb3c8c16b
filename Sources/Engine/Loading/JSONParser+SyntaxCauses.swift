/// Syntax errors named by their cause (issue 15): where the grammar breaks, the parser looks at what is there and
/// reports the mistake a person most likely made (a comment, single quotes, an unquoted key, a trailing or missing
/// comma, a second top-level value) rather than only what it expected.
extension JSONParser {
    /// A value was expected at `position` (which is inside the input).
    mutating func failWhereValueExpected() -> Stop {
        if peek(UInt8(ascii: "'")) { return fail(.singleQuotes, inValue: true) }
        if startsComment() { return fail(.comment, inValue: true) }
        if peek(UInt8(ascii: "]")), let top = stack.last, !top.isObject, top.count > 0 {
            return failAtLastComma()
        }
        return fail(.syntax(expected: .value, found: token(at: position)), inValue: true)
    }

    /// An object key was expected at `position`.
    mutating func failWhereKeyExpected() -> Stop {
        guard position < bytes.count else {
            return fail(.syntax(expected: .key, found: .endOfInput), inValue: false)
        }
        if peek(UInt8(ascii: "'")) { return fail(.singleQuotes, inValue: false) }
        if startsComment() { return fail(.comment, inValue: false) }
        if peek(UInt8(ascii: "}")), let top = stack.last, top.count > 0 { return failAtLastComma() }
        if isIdentifierStart(bytes[position]), case .text(let word) = token(at: position) {
            return fail(.unquotedKey(word), inValue: false)
        }
        return fail(.syntax(expected: .key, found: token(at: position)), inValue: false)
    }

    /// A `,` or the end of the container on top of the stack was expected after a value.
    mutating func failAfterValue(inObject: Bool) -> Stop {
        let expected: SyntaxExpectation = inObject ? .commaOrClosingBrace : .commaOrClosingBracket
        guard position < bytes.count else {
            return fail(.syntax(expected: expected, found: .endOfInput), inValue: false)
        }
        if startsComment() { return fail(.comment, inValue: false) }
        let byte = bytes[position]
        let nextIsMember = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || isIdentifierStart(byte)
        if inObject ? nextIsMember : startsValue(byte) {
            return fail(.missingComma(beforeKey: inObject), inValue: false)
        }
        return fail(.syntax(expected: expected, found: token(at: position)), inValue: false)
    }

    /// The document's value has ended, and `position` holds something more.
    mutating func failAfterDocument() -> Stop {
        if startsComment() { return fail(.comment, inValue: false) }
        if startsValue(bytes[position]) { return fail(.secondTopLevelValue, inValue: false) }
        return fail(.syntax(expected: .endOfInput, found: token(at: position)), inValue: false)
    }

    /// A trailing comma, reported at the comma (the thing to remove).
    private mutating func failAtLastComma() -> Stop {
        report(.trailingComma, line: Int(lastComma.line), column: Int(lastComma.column), inValue: false)
        return Stop()
    }

    /// `//` or `/*` at `position`.
    private func startsComment() -> Bool {
        peek(UInt8(ascii: "/")) && position + 1 < bytes.count
            && (bytes[position + 1] == UInt8(ascii: "/") || bytes[position + 1] == UInt8(ascii: "*"))
    }

    /// A byte that begins a JSON value (or a single-quoted string, a common attempt at one).
    private func startsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    private func isIdentifierStart(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "$")
    }
}
