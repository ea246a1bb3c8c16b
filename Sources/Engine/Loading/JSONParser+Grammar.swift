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
                try open(isObject: true, line: line, column: column, consumer: &consumer)
                position += 1
                skipWhitespace()
                if peek(UInt8(ascii: "}")) {
                    position += 1
                    value = close()
                } else {
                    try parseKeyAndColon()
                    continue parsingValue
                }
            case UInt8(ascii: "["):
                try open(isObject: false, line: line, column: column, consumer: &consumer)
                position += 1
                skipWhitespace()
                if peek(UInt8(ascii: "]")) {
                    position += 1
                    value = close()
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
                throw failWhereValueExpected()
            }

            // A value is complete: hand it to its container, closing containers as they end.
            while true {
                guard let top = stack.indices.last else {
                    skipWhitespace()
                    if position < bytes.count { throw failAfterDocument() }
                    return value
                }
                if stack[top].isObject {
                    addMember(value, consumer: &consumer)
                    skipWhitespace()
                    if peek(UInt8(ascii: ",")) {
                        noteComma()
                        skipWhitespace()
                        try parseKeyAndColon()
                        continue parsingValue
                    }
                    guard peek(UInt8(ascii: "}")) else { throw failAfterValue(inObject: true) }
                } else {
                    addElement(value, consumer: &consumer)
                    skipWhitespace()
                    if peek(UInt8(ascii: ",")) {
                        noteComma()
                        continue parsingValue
                    }
                    guard peek(UInt8(ascii: "]")) else { throw failAfterValue(inObject: false) }
                }
                position += 1
                value = close()
            }
        }
    }

    /// Opens a container, asking `consumer` what to keep of it where the rules of `JSONElementConsumer` say so.
    mutating func open<Consumer: JSONElementConsumer>(
        isObject: Bool, line: Int32, column: Int32, consumer: inout Consumer
    ) throws(Stop) {
        guard stack.count < DeckLimits.maximumDepth else {
            throw fail(.nestedTooDeeply(limit: DeckLimits.maximumDepth), inValue: true)
        }
        let mode: JSONContainerMode
        if let parent = stack.last {
            switch parent.mode {
            case _ where parent.isObject && parent.keyIsRepeated:
                mode = .skip
            case .keep, .skip:
                mode = parent.mode
            case .stream(let tag):
                let place: JSONPlace = parent.isObject
                    ? .member(key: parent.key, parent: tag) : .element(index: parent.count, parent: tag)
                mode = consumer.mode(forContainerAt: place, isObject: isObject)
            }
        } else {
            mode = consumer.mode(forContainerAt: .root, isObject: isObject)
        }
        stack.append(JSONOpenContainer(isObject: isObject, line: line, column: column, mode: mode))
    }

    /// Closes the container on top of the stack and returns it as a value for its own container.
    mutating func close() -> JSONValue {
        let container = stack.removeLast()
        let kind: JSONValue.Kind
        switch (container.mode, container.isObject) {
        case (.keep, true): kind = .object(container.members)
        case (.keep, false): kind = .array(container.elements)
        case (_, true): kind = .consumedObject
        case (_, false): kind = .consumedArray(count: container.count)
        }
        return JSONValue(kind: kind, line: container.line, column: container.column)
    }

    mutating func parseKeyAndColon() throws(Stop) {
        guard peek(UInt8(ascii: "\"")) else { throw failWhereKeyExpected() }
        let top = stack.count - 1
        let keyLine = Int32(line)
        let keyColumn = column(at: position)
        let key = try parseString(inValue: false)
        stack[top].key = key
        stack[top].keyLine = keyLine
        stack[top].keyColumn = keyColumn
        let first = stack[top].keys.insert(key, at: JSONKeySet.Position(line: keyLine, column: keyColumn))
        stack[top].keyIsRepeated = first != nil
        if let first {
            report(
                .duplicateKey(key, firstLine: Int(first.line), firstColumn: Int(first.column)),
                line: Int(keyLine), column: Int(keyColumn), inValue: true)
        }
        skipWhitespace()
        guard peek(UInt8(ascii: ":")) else {
            throw fail(.syntax(expected: .colon, found: token(at: position)), inValue: true)
        }
        position += 1
    }

    /// Steps over the `,` at `position`, remembering where it is (for a trailing comma).
    mutating func noteComma() {
        lastComma = (Int32(line), column(at: position))
        position += 1
    }

    /// Hands a member's value to the object on top of the stack (a repeated key's value is dropped).
    mutating func addMember<Consumer: JSONElementConsumer>(_ value: JSONValue, consumer: inout Consumer) {
        let top = stack.count - 1
        stack[top].count += 1
        guard !stack[top].keyIsRepeated else { return }
        // The member is built from the fields, never from a copy of the container (that would copy `members`).
        let member = JSONMember(
            key: stack[top].key, line: stack[top].keyLine, column: stack[top].keyColumn, value: value)
        switch stack[top].mode {
        case .keep: stack[top].members.append(member)
        case .stream(let tag): consumer.consume(member, tag: tag)
        case .skip: break
        }
    }

    /// Hands an element to the array on top of the stack.
    mutating func addElement<Consumer: JSONElementConsumer>(_ value: JSONValue, consumer: inout Consumer) {
        let top = stack.count - 1
        switch stack[top].mode {
        case .keep: stack[top].elements.append(value)
        case .stream(let tag): consumer.consume(value, at: stack[top].count, tag: tag)
        case .skip: break
        }
        stack[top].count += 1
    }
}
