/// An array or object the parser has opened and not yet closed: one entry of its explicit stack.
struct JSONOpenContainer {
    var isObject: Bool
    /// Where the container starts (its `[` or `{`).
    var line: Int32
    var column: Int32
    /// What is kept of its contents.
    var mode: JSONContainerMode
    /// The elements, in `.keep` mode (arrays).
    var elements: [JSONValue] = []
    /// The members, in `.keep` mode (objects).
    var members: [JSONMember] = []
    /// Elements or members completed so far, kept or not.
    var count = 0
    /// The key whose value is being parsed (objects), where it is, and whether it repeats an earlier key.
    var key = ""
    var keyLine: Int32 = 0
    var keyColumn: Int32 = 0
    var keyIsRepeated = false
    /// Every key so far (objects).
    var keys = JSONKeySet()

    init(isObject: Bool, line: Int32, column: Int32, mode: JSONContainerMode) {
        self.isObject = isObject
        self.line = line
        self.column = column
        self.mode = mode
    }
}
