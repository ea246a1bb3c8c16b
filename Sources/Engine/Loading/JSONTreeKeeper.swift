/// The `JSONElementConsumer` that consumes nothing: every array is kept whole in the tree.
struct JSONTreeKeeper: JSONElementConsumer {
    var deepestArray: Int { -1 }

    func tag(forArrayAt path: JSONPath) -> Int? { nil }

    func consume(_ element: JSONValue, at index: Int, tag: Int) {}
}
