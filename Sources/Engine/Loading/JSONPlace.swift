/// Where a container that opens sits, as far as a `JSONElementConsumer` needs to know: the whole document,
/// or the value of a member or an element of a container the consumer streams.
enum JSONPlace: Sendable, Equatable {
    /// The document itself.
    case root
    /// The value of the member `key` of the object streamed with `tag`.
    case member(key: String, parent: Int)
    /// The element at 0-based `index` of the array streamed with `tag`.
    case element(index: Int, parent: Int)
}
