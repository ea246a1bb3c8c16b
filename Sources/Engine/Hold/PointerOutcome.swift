/// What a `PointerHold` concluded from mouse button events.
public enum PointerOutcome: Sendable, Equatable {
    /// A press released before the hold threshold: navigate by where it was pressed.
    case click(column: Int, width: Int)
    /// The press has lasted the hold threshold: pause, unless the deck is already paused.
    case holdBegan
    /// The held button was released (or a new press showed its release was lost): the hold is over.
    case holdEnded
}
