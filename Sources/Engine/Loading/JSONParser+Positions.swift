/// Where the parser is: whitespace and line starts, columns, the JSON path, and the problems it reports.
extension JSONParser {
    func peek(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                position += 1
            case UInt8(ascii: "\n"):
                position += 1
                startLine()
            case UInt8(ascii: "\r"):
                position += 1
                if peek(UInt8(ascii: "\n")) { position += 1 }
                startLine()
            default:
                return
            }
        }
    }

    mutating func startLine() {
        line += 1
        lineStart = position
        continuationBytes = 0
    }

    /// The 1-based column of `offset`, counted in Unicode scalars; valid for offsets on the current line
    /// with no multi-byte character between them and `position`.
    func column(at offset: Int) -> Int32 {
        Int32(offset - lineStart - continuationBytes + 1)
    }

    /// The path of the value being parsed: every open container with its current element, except that the
    /// innermost one only names its current element when `includingCurrent` is true.
    func path(includingCurrent: Bool) -> JSONPath {
        var path = JSONPath.root
        for (index, frame) in stack.enumerated() where index < stack.count - 1 || includingCurrent {
            if frame.isObject {
                path = path.appending(frame.key)
            } else {
                path = path.appending(frame.count)
            }
        }
        return path
    }

    /// Records a problem that does not stop parsing, in the value being parsed (`inValue`) or its container.
    mutating func report(_ kind: DeckProblemKind, line: Int, column: Int, inValue: Bool) {
        guard problems.accepts(line: line, column: column) else { return problems.addRefused() }
        problems.add(DeckProblem(path: path(includingCurrent: inValue).rendered, line: line, column: column, kind: kind))
    }

    /// Records a problem that stops parsing, at the current position.
    mutating func fail(_ kind: DeckProblemKind, inValue: Bool) -> Stop {
        report(kind, line: line, column: Int(column(at: position)), inValue: inValue)
        return Stop()
    }

    /// What is at `offset`, for a syntax error: a word (`NaN`, `True`), one character, or a code point.
    func token(at offset: Int) -> SyntaxToken {
        guard offset < bytes.count else { return .endOfInput }
        func isWordByte(_ byte: UInt8) -> Bool {
            let lower = byte | 0x20
            return (lower >= 0x61 && lower <= 0x7A) || isDigit(byte) || byte == UInt8(ascii: "_")
        }
        let first = bytes[offset]
        if isWordByte(first) {
            var end = offset
            while end < bytes.count, end - offset < 24, isWordByte(bytes[end]) { end += 1 }
            return .text(String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self))
        }
        if first < 0x80 {
            if first < 0x21 || first == 0x7F { return .scalar(UInt32(first)) }
            return .text(String(UnicodeScalar(first)))
        }
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
        let end = min(offset + length, bytes.count)
        let character = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        guard let scalar = character.unicodeScalars.first else { return .scalar(UInt32(first)) }
        if TextSanitizer.isRemoved(scalar.value) || scalar.properties.isWhitespace
            || scalar.properties.generalCategory == .format || scalar.properties.generalCategory == .nonspacingMark {
            return .scalar(scalar.value)
        }
        return .text(character)
    }
}
