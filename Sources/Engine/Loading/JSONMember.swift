/// One key and value of a JSON object, with the position of the key.
struct JSONMember: Sendable {
    var key: String
    var line: Int32
    var column: Int32
    var value: JSONValue
}
