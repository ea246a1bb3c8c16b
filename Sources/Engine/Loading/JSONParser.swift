/// A JSON parser for untrusted decks: it validates UTF-8 first, keeps the line and column of every value,
/// reports duplicate keys, and uses an explicit stack (never recursion) with a nesting limit.
///
/// A syntax error, invalid UTF-8, a non-UTF-8 encoding or too deep nesting stop the parse (one problem);
/// duplicate keys, lone surrogates and numbers that are not finite are reported and parsing goes on.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 64

    /// The parsed document (nil when parsing stopped) and the problems found, in the order found.
    struct Output {
        var value: JSONValue?
        var problems: [DeckProblem]
    }

    /// Parses a whole document into one tree.
    static func parse(_ bytes: [UInt8]) -> Output {
        var keeper = JSONTreeKeeper()
        return parse(bytes, consumer: &keeper)
    }

    /// Parses a whole document, handing the elements of the arrays `consumer` asks for to it as they complete.
    /// After a problem that stops the parse, what the consumer received is of no use (`value` is nil).
    static func parse<Consumer: JSONElementConsumer>(_ bytes: [UInt8], consumer: inout Consumer) -> Output {
        if let problem = encodingProblem(bytes) {
            return Output(value: nil, problems: [problem])
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes.withUnsafeBufferPointer { buffer in
            if let offset = UTF8Validator.firstInvalidOffset(in: buffer, from: start) {
                return Output(value: nil, problems: [DeckProblem(path: "$", kind: .invalidUTF8(offset: offset))])
            }
            var parser = JSONParser(bytes: buffer, start: start)
            return parser.run(consumer: &consumer)
        }
    }

    /// A UTF-16 file: a byte order mark, or the NUL bytes that ASCII text has in UTF-16.
    private static func encodingProblem(_ bytes: [UInt8]) -> DeckProblem? {
        guard bytes.count >= 2 else { return nil }
        let (b0, b1) = (bytes[0], bytes[1])
        let longEnough = bytes.count >= 4
        var bigEndian: Bool?
        if b0 == 0xFF, b1 == 0xFE {
            bigEndian = false
        } else if b0 == 0xFE, b1 == 0xFF {
            bigEndian = true
        } else if b0 != 0, b1 == 0, !longEnough || bytes[3] == 0 {
            bigEndian = false
        } else if b0 == 0, b1 != 0, !longEnough || bytes[2] == 0 {
            bigEndian = true
        }
        guard let bigEndian else { return nil }
        return DeckProblem(path: "$", kind: .encodedAsUTF16(bigEndian: bigEndian))
    }

    // MARK: State

    /// An array or object being parsed.
    private struct Frame {
        var isObject: Bool
        var line: Int32
        var column: Int32
        var elements: [JSONValue] = []
        /// Elements completed so far (arrays), whether kept in `elements` or consumed.
        var count = 0
        /// The consumer's tag when the elements go to the consumer instead of `elements`.
        var consumerTag: Int?
        var members: [JSONMember] = []
        /// The key whose value is being parsed (objects).
        var key = ""
        var keyLine: Int32 = 0
        var keyColumn: Int32 = 0
        /// Key → member index, built once an object has many members (duplicate detection without quadratic work).
        var keyIndex: [String: Int] = [:]
    }

    /// Thrown to stop parsing after a fatal problem has been recorded.
    private struct Stop: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private var line = 1
    private var lineStart: Int
    /// UTF-8 continuation bytes passed since `lineStart`: the column counts Unicode scalars, not bytes.
    private var continuationBytes = 0
    private var problems: [DeckProblem] = []
    private var stack: [Frame] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, start: Int) {
        self.bytes = bytes
        self.position = start
        self.lineStart = start
    }

    private mutating func run<Consumer: JSONElementConsumer>(consumer: inout Consumer) -> Output {
        skipWhitespace()
        guard position < bytes.count else {
            return Output(value: nil, problems: [DeckProblem(path: "$", kind: .emptyDocument)])
        }
        do {
            let value = try parseDocument(consumer: &consumer)
            return Output(value: value, problems: problems)
        } catch {
            return Output(value: nil, problems: problems)
        }
    }

    // MARK: Grammar

    private mutating func parseDocument<Consumer: JSONElementConsumer>(
        consumer: inout Consumer
    ) throws(Stop) -> JSONValue {
        parsingValue: while true {
            skipWhitespace()
            let line = Int32(line)
            let column = column(at: position)
            guard position < bytes.count else {
                throw fail(.syntax(expected: .value, found: .endOfInput), inValue: true)
            }
            var value: JSONValue
            switch bytes[position] {
            case UInt8(ascii: "{"):
                try push(isObject: true, line: line, column: column)
                position += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) {
                    position += 1
                    value = pop()
                } else {
                    try parseKeyAndColon()
                    continue parsingValue
                }
            case UInt8(ascii: "["):
                try push(isObject: false, line: line, column: column)
                stack[stack.count - 1].consumerTag = consumerTag(for: &consumer)
                position += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) {
                    position += 1
                    value = pop()
                } else {
                    continue parsingValue
                }
            case UInt8(ascii: "\""):
                value = JSONValue(kind: .string(try parseString(inValue: true)), line: line, column: column)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = JSONValue(kind: try parseNumber(), line: line, column: column)
            case UInt8(ascii: "t"):
                try parseLiteral("true")
                value = JSONValue(kind: .bool(true), line: line, column: column)
            case UInt8(ascii: "f"):
                try parseLiteral("false")
                value = JSONValue(kind: .bool(false), line: line, column: column)
            case UInt8(ascii: "n"):
                try parseLiteral("null")
                value = JSONValue(kind: .null, line: line, column: column)
            default:
                throw fail(.syntax(expected: .value, found: token(at: position)), inValue: true)
            }

            // A value is complete: hand it to its container, closing containers as they end.
            while true {
                guard let top = stack.indices.last else {
                    skipWhitespace()
                    if position < bytes.count {
                        throw fail(.syntax(expected: .endOfInput, found: token(at: position)), inValue: false)
                    }
                    return value
                }
                if stack[top].isObject {
                    addMember(value)
                    skipWhitespace()
                    if peek(UInt8(ascii: ",")) {
                        position += 1
                        skipWhitespace()
                        try parseKeyAndColon()
                        continue parsingValue
                    }
                    guard peek(UInt8(ascii: "}")) else {
                        throw fail(.syntax(expected: .commaOrClosingBrace, found: token(at: position)), inValue: false)
                    }
                } else {
                    if let tag = stack[top].consumerTag {
                        consumer.consume(value, at: stack[top].count, tag: tag)
                    } else {
                        stack[top].elements.append(value)
                    }
                    stack[top].count += 1
                    skipWhitespace()
                    if peek(UInt8(ascii: ",")) {
                        position += 1
                        continue parsingValue
                    }
                    guard peek(UInt8(ascii: "]")) else {
                        throw fail(.syntax(expected: .commaOrClosingBracket, found: token(at: position)), inValue: false)
                    }
                }
                position += 1
                value = pop()
            }
        }
    }

    private mutating func push(isObject: Bool, line: Int32, column: Int32) throws(Stop) {
        guard stack.count < Self.maximumDepth else {
            throw fail(.nestedTooDeeply(limit: Self.maximumDepth), inValue: true)
        }
        stack.append(Frame(isObject: isObject, line: line, column: column))
    }

    private mutating func pop() -> JSONValue {
        let frame = stack.removeLast()
        let kind: JSONValue.Kind
        if frame.isObject {
            kind = .object(frame.members)
        } else if frame.consumerTag != nil {
            kind = .consumedArray(count: frame.count)
        } else {
            kind = .array(frame.elements)
        }
        return JSONValue(kind: kind, line: frame.line, column: frame.column)
    }

    /// Asks `consumer` about the array just pushed, unless it is too deep or inside a duplicate key's value.
    private func consumerTag<Consumer: JSONElementConsumer>(for consumer: inout Consumer) -> Int? {
        guard stack.count - 1 <= consumer.deepestArray else { return nil }
        for index in stack.indices.dropLast() where stack[index].isObject && isDuplicateKey(inFrame: index) {
            return nil
        }
        return consumer.tag(forArrayAt: path(includingCurrent: false))
    }

    /// Whether the key being parsed in an object frame is already one of its members.
    private func isDuplicateKey(inFrame index: Int) -> Bool {
        let frame = stack[index]
        if frame.keyIndex.isEmpty { return frame.members.contains { $0.key == frame.key } }
        return frame.keyIndex[frame.key] != nil
    }

    private mutating func parseKeyAndColon() throws(Stop) {
        guard peek(UInt8(ascii: "\"")) else {
            throw fail(.syntax(expected: .key, found: token(at: position)), inValue: false)
        }
        let top = stack.count - 1
        let keyLine = Int32(line)
        let keyColumn = column(at: position)
        let key = try parseString(inValue: false)
        stack[top].key = key
        stack[top].keyLine = keyLine
        stack[top].keyColumn = keyColumn
        skipWhitespace()
        guard peek(UInt8(ascii: ":")) else {
            throw fail(.syntax(expected: .colon, found: token(at: position)), inValue: true)
        }
        position += 1
    }

    /// Adds a member to the object on top of the stack, or reports its key as a duplicate (the first is kept).
    private mutating func addMember(_ value: JSONValue) {
        let top = stack.count - 1
        let key = stack[top].key
        var first: Int?
        if stack[top].members.count < 8 {
            first = stack[top].members.firstIndex { $0.key == key }
        } else {
            if stack[top].keyIndex.isEmpty {
                for (index, member) in stack[top].members.enumerated() where stack[top].keyIndex[member.key] == nil {
                    stack[top].keyIndex[member.key] = index
                }
            }
            first = stack[top].keyIndex[key]
        }
        if let first {
            let original = stack[top].members[first]
            problems.append(DeckProblem(
                path: path(includingCurrent: true).rendered,
                line: Int(stack[top].keyLine), column: Int(stack[top].keyColumn),
                kind: .duplicateKey(key, firstLine: Int(original.line), firstColumn: Int(original.column))))
            return
        }
        if !stack[top].keyIndex.isEmpty { stack[top].keyIndex[key] = stack[top].members.count }
        stack[top].members.append(JSONMember(
            key: key, line: stack[top].keyLine, column: stack[top].keyColumn, value: value))
    }

    // MARK: Strings

    private mutating func parseString(inValue: Bool) throws(Stop) -> String {
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
    private mutating func parseEscape(into text: inout [UInt8], inValue: Bool) throws(Stop) {
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

    private mutating func parseHex4(inValue: Bool) throws(Stop) -> UInt32 {
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

    // MARK: Numbers and literals

    private mutating func parseNumber() throws(Stop) -> JSONValue.Kind {
        let start = position
        if peek(UInt8(ascii: "-")) { position += 1 }
        try expectDigit()
        if peek(UInt8(ascii: "0")) {
            position += 1
        } else {
            skipDigits()
        }
        var isInteger = true
        if peek(UInt8(ascii: ".")) {
            position += 1
            try expectDigit()
            skipDigits()
            isInteger = false
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            try expectDigit()
            skipDigits()
            isInteger = false
        }
        let digits = UnsafeBufferPointer(rebasing: bytes[start..<position])
        if isInteger, digits.count <= 16 {
            var magnitude = 0
            for byte in digits where byte != UInt8(ascii: "-") {
                magnitude = magnitude * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return .number(Double(digits[0] == UInt8(ascii: "-") ? -magnitude : magnitude))
        }
        let text = String(decoding: digits, as: UTF8.self)
        if let value = Double(text), value.isFinite {
            return .number(value)
        }
        let shown = digits.count > 48 ? String(decoding: digits.prefix(48), as: UTF8.self) + "…" : text
        problems.append(DeckProblem(
            path: path(includingCurrent: true).rendered,
            line: line, column: Int(column(at: start)), kind: .notFinite(text: shown)))
        return .invalidNumber
    }

    private mutating func expectDigit() throws(Stop) {
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw fail(.syntax(expected: .digit, found: token(at: position)), inValue: true)
        }
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseLiteral(_ word: StaticString) throws(Stop) {
        let count = word.utf8CodeUnitCount
        let matches = position + count <= bytes.count
            && word.withUTF8Buffer { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[position..<position + count])) }
        guard matches else {
            throw fail(.syntax(expected: .value, found: token(at: position)), inValue: true)
        }
        position += count
    }

    // MARK: Positions, paths and problems

    private func peek(_ byte: UInt8) -> Bool {
        position < bytes.count && bytes[position] == byte
    }

    private mutating func skipWhitespace() {
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

    private mutating func startLine() {
        line += 1
        lineStart = position
        continuationBytes = 0
    }

    /// The 1-based column of `offset`, counted in Unicode scalars; valid for offsets on the current line
    /// with no multi-byte character between them and `position`.
    private func column(at offset: Int) -> Int32 {
        Int32(offset - lineStart - continuationBytes + 1)
    }

    /// The path of the value being parsed: every open container with its current element, except that the
    /// innermost one only names its current element when `includingCurrent` is true.
    private func path(includingCurrent: Bool) -> JSONPath {
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

    /// Records a problem that stops parsing, at the current position.
    private mutating func fail(_ kind: DeckProblemKind, inValue: Bool) -> Stop {
        problems.append(DeckProblem(
            path: path(includingCurrent: inValue).rendered,
            line: line, column: Int(column(at: position)), kind: kind))
        return Stop()
    }

    /// What is at `offset`, for a syntax error: a word (`NaN`, `True`), one character, or a code point.
    private func token(at offset: Int) -> SyntaxToken {
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
