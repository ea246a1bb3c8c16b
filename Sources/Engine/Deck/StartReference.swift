/// A way to name a story: by its id, or by its 1-based position in the deck.
public enum StartReference: Sendable, Equatable {
    case id(String)
    case position(Int)

    /// Reads a command-line or control argument: digits name a position, anything else an id.
    public init(argument: String) {
        if let number = Int(argument), number >= 1, argument.allSatisfy(\.isASCII) {
            self = .position(number)
        } else {
            self = .id(argument)
        }
    }
}
