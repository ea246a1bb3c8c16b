/// A parsed JSON value with the line and column (1-based) where it starts.
struct JSONValue: Sendable {
    /// The value itself.
    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        /// A number already reported as a problem (not finite); validation skips it.
        case invalidNumber
        case string(String)
        case array([JSONValue])
        /// An array whose elements went to a `JSONElementConsumer` as they were parsed, or were skipped;
        /// only their count is kept.
        case consumedArray(count: Int)
        /// An object whose members went to a `JSONElementConsumer` as they were parsed, or were skipped.
        case consumedObject
        case object([JSONMember])
    }

    var kind: Kind
    var line: Int32
    var column: Int32

    /// The type named in "wrong type" problems.
    var type: DeckValueType {
        switch kind {
        case .null: return .null
        case .bool: return .boolean
        case .number, .invalidNumber: return .number
        case .string: return .string
        case .array, .consumedArray: return .array
        case .object, .consumedObject: return .object
        }
    }
}
