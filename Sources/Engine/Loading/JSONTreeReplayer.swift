/// Feeds a parsed tree to a `JSONElementConsumer` exactly as `JSONParser` would have streamed it while parsing, so
/// that a tree and a stream are validated by one code path (and tests can compare the two).
enum JSONTreeReplayer {
    /// Replays `root` to `consumer`.
    /// - Returns: the root as the parser would have returned it (`.consumedObject` when it was streamed, …).
    static func replay<Consumer: JSONElementConsumer>(_ root: JSONValue, to consumer: inout Consumer) -> JSONValue {
        replay(root, mode: nil, place: .root, to: &consumer)
    }

    /// Replays one value. `mode` is the container mode inherited from a kept or skipped parent; with none, the
    /// consumer is asked about a container at `place`. The depth is bounded by the parser's nesting limit.
    static func replay<Consumer: JSONElementConsumer>(
        _ value: JSONValue, mode inherited: JSONContainerMode?, place: JSONPlace, to consumer: inout Consumer
    ) -> JSONValue {
        let isObject: Bool
        switch value.kind {
        case .array: isObject = false
        case .object: isObject = true
        default: return value
        }
        let mode = inherited ?? consumer.mode(forContainerAt: place, isObject: isObject)
        var streamed = value
        switch (mode, value.kind) {
        case (.keep, _):
            return value
        case (.skip, .array(let elements)):
            streamed.kind = .consumedArray(count: elements.count)
        case (.stream(let tag), .array(let elements)):
            for (index, element) in elements.enumerated() {
                let part = replay(element, mode: nil, place: .element(index: index, parent: tag), to: &consumer)
                consumer.consume(part, at: index, tag: tag)
            }
            streamed.kind = .consumedArray(count: elements.count)
        case (.stream(let tag), .object(let members)):
            for member in members {
                var part = member
                part.value = replay(member.value, mode: nil, place: .member(key: member.key, parent: tag), to: &consumer)
                consumer.consume(part, tag: tag)
            }
            streamed.kind = .consumedObject
        default:
            streamed.kind = .consumedObject
        }
        return streamed
    }
}
