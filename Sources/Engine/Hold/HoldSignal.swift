/// What a hold detector concluded from key or button events; `Playback` applies it with
/// `.hold(signal, cause)` (docs/PLAYBACK.md, "Hold signals and taps").
public enum HoldSignal: Sendable, Equatable, Hashable, CaseIterable {
    /// A press: pause now.
    case began
    /// The press was a tap (released before it became a hold): the pause becomes sticky.
    case becameTap
    /// The key or button was released: the hold is over.
    case ended
}
