/// The `JSONElementConsumer` that streams nothing: the whole document is kept as a tree.
struct JSONTreeKeeper: JSONElementConsumer {
    func mode(forContainerAt place: JSONPlace, isObject: Bool) -> JSONContainerMode { .keep }

    func consume(_ element: JSONValue, at index: Int, tag: Int) {}

    func consume(_ member: JSONMember, tag: Int) {}
}
