/// A kind of JSON value, as named in a "wrong type" problem.
public enum DeckValueType: Sendable, Equatable {
    case string
    case number
    /// A whole number: only ever expected, never found (JSON has numbers only).
    case integer
    case boolean
    case null
    case array
    case object
}
