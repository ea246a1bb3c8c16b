/// Takes the elements of chosen arrays from `JSONParser` as each one is complete, so that a long array never
/// exists as a tree: the parser keeps only the element count (`JSONValue.Kind.consumedArray`).
///
/// The parser asks only about arrays at most `deepestArray` levels down whose every enclosing key is not a
/// duplicate (a duplicate's value is dropped, so nothing in it may be consumed). Elements come in file order.
protocol JSONElementConsumer {
    /// How many containers deep (0 for the root) an array may be for the parser to ask about it.
    var deepestArray: Int { get }

    /// Whether the elements of the array starting at `path` go to `consume` instead of into the tree.
    /// - Returns: a tag passed back with each element, or nil to keep the elements in the tree.
    mutating func tag(forArrayAt path: JSONPath) -> Int?

    /// Receives one complete element (with its problems already reported by the parser).
    /// - Parameters:
    ///   - element: the element's value, owned by the consumer from now on.
    ///   - index: its 0-based index in the array.
    ///   - tag: what `tag(forArrayAt:)` returned for the array.
    mutating func consume(_ element: JSONValue, at index: Int, tag: Int)
}
