/// What the parser keeps of an array or object it opens (chosen by its `JSONElementConsumer`).
enum JSONContainerMode: Sendable, Equatable {
    /// Build it in the tree (`JSONValue.Kind.array` / `.object`), and everything inside it.
    case keep
    /// Hand each element (array) or member (object) to the consumer as soon as it is complete, with this tag;
    /// the tree keeps only the count (`.consumedArray`) or that there was an object (`.consumedObject`).
    case stream(tag: Int)
    /// Keep nothing but the element count: the contents are checked (syntax, duplicate keys) and dropped.
    case skip
}
