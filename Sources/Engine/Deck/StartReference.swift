/// A way to name a story: by its id, or by its 1-based position in the deck.
public enum StartReference: Sendable, Equatable {
    case id(String)
    case position(Int)
}
