/// What a `HoldDetector` concluded from key or button events.
public enum HoldSignal: Sendable, Equatable, Hashable, CaseIterable {
    /// A press: pause now.
    case began
    /// No repeat followed the press: it was a tap (the pause becomes sticky).
    case becameTap
    /// A late first repeat arrived after `becameTap`: it was a hold after all.
    case tapRetracted
    /// The key or button was released: the hold is over.
    case ended
}
