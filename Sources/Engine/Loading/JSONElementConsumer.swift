/// Takes the parts of a document from `JSONParser` as each one is complete, so that nothing it streams ever
/// exists as a tree, and what it does not need is never kept (docs/RELIABILITY.md: memory bounded by the input).
///
/// The parser asks about every container at the root or directly inside a container the consumer streams; the
/// contents of a kept container are kept, of a skipped one skipped, without asking. The value of a repeated key
/// is skipped and never handed over (the first one counts). Elements and members come in file order.
protocol JSONElementConsumer {
    /// What to keep of the container opening at `place`.
    mutating func mode(forContainerAt place: JSONPlace, isObject: Bool) -> JSONContainerMode

    /// Receives one complete element of an array streamed with `tag` (its problems already reported).
    /// - Parameters:
    ///   - element: the element's value, owned by the consumer from now on.
    ///   - index: its 0-based index in the array.
    ///   - tag: the tag of the array's `JSONContainerMode.stream`.
    mutating func consume(_ element: JSONValue, at index: Int, tag: Int)

    /// Receives one complete member of an object streamed with `tag` (never a repeated key).
    mutating func consume(_ member: JSONMember, tag: Int)
}
