/// A path to a value in a JSON document, rendered as `stories[2].duration`; the root is the empty string.
struct JSONPath: Sendable, Equatable {
    /// One step: an object key or an array index.
    enum Component: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    var components: [Component] = []

    static let root = JSONPath()

    func appending(_ key: String) -> JSONPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    func appending(_ index: Int) -> JSONPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// Empty for the root; `title`, `stories[2].duration`, `[2].title` (a path into a top-level array);
    /// keys that are not plain names are quoted (`stories[0]["odd key"]`), sanitised and shortened.
    var rendered: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if Self.isPlainName(key) {
                    if !text.isEmpty { text += "." }
                    text += key
                } else {
                    text += "[\""
                    for character in MessageText.clean(key) {
                        if character == "\\" || character == "\"" { text += "\\" }
                        text.append(character)
                    }
                    text += "\"]"
                }
            }
        }
        return text
    }

    /// ASCII letters, digits, `_` and `-`, starting with a letter, `_` or `$` (`$schema`), at most 40 characters.
    private static func isPlainName(_ key: String) -> Bool {
        let bytes = key.utf8
        guard let first = bytes.first, bytes.count <= MessageText.quoteWidth else { return false }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        guard isLetter(first) || first == 0x5F || first == 0x24 else { return false }
        return bytes.dropFirst().allSatisfy { isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F || $0 == 0x2D }
    }
}
