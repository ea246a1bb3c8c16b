/// The JSON grammar: the document, arrays and objects on an explicit stack, keys and members.
extension JSONParser {
    mutating func parseDocument<Consumer: JSONElementConsumer>(
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

    mutating func push(isObject: Bool, line: Int32, column: Int32) throws(Stop) {
        guard stack.count < Self.maximumDepth else {
            throw fail(.nestedTooDeeply(limit: Self.maximumDepth), inValue: true)
        }
        stack.append(Frame(isObject: isObject, line: line, column: column))
    }

    mutating func pop() -> JSONValue {
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
    func consumerTag<Consumer: JSONElementConsumer>(for consumer: inout Consumer) -> Int? {
        guard stack.count - 1 <= consumer.deepestArray else { return nil }
        for index in stack.indices.dropLast() where stack[index].isObject && isDuplicateKey(inFrame: index) {
            return nil
        }
        return consumer.tag(forArrayAt: path(includingCurrent: false))
    }

    /// Whether the key being parsed in an object frame is already one of its members.
    func isDuplicateKey(inFrame index: Int) -> Bool {
        let frame = stack[index]
        if frame.keyIndex.isEmpty { return frame.members.contains { $0.key == frame.key } }
        return frame.keyIndex[frame.key] != nil
    }

    mutating func parseKeyAndColon() throws(Stop) {
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
    mutating func addMember(_ value: JSONValue) {
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
            report(
                .duplicateKey(key, firstLine: Int(original.line), firstColumn: Int(original.column)),
                line: Int(stack[top].keyLine), column: Int(stack[top].keyColumn), inValue: true)
            return
        }
        if !stack[top].keyIndex.isEmpty { stack[top].keyIndex[key] = stack[top].members.count }
        stack[top].members.append(JSONMember(
            key: key, line: stack[top].keyLine, column: stack[top].keyColumn, value: value))
    }
}
