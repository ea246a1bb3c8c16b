/// The keys of one object with where each first appeared, to find repeated keys in constant time per key:
/// a short list while the object is small, a dictionary once it has many keys.
struct JSONKeySet {
    /// Where a key is: 8 bytes, so that an object with a million keys costs no more than it must.
    struct Position: Equatable {
        var line: Int32
        var column: Int32
    }

    /// A key and where it first appeared. A struct, not a tuple: an array of tuples has the runtime
    /// build the tuple's type from its mangled name when first used, before the first frame.
    private struct Entry {
        let key: String
        let position: Position
    }

    /// Up to this many keys are searched in a list.
    private static let listLimit = 8
    private var list: [Entry] = []
    private var dictionary: [String: Position] = [:]

    /// Records `key` at `position`, unless it is already there.
    /// - Returns: where the key first appeared when it is a repeat, else nil.
    mutating func insert(_ key: String, at position: Position) -> Position? {
        if !dictionary.isEmpty {
            if let first = dictionary[key] { return first }
            dictionary[key] = position
            return nil
        }
        if let first = list.first(where: { $0.key == key }) { return first.position }
        list.append(Entry(key: key, position: position))
        if list.count > Self.listLimit {
            for entry in list { dictionary[entry.key] = entry.position }
            list = []
        }
        return nil
    }
}
