/// What a hold detector concluded from key or button events; `Playback` applies it with
/// `.hold(signal, cause)` (docs/PLAYBACK.md, "Hold signals and taps").
public enum HoldSignal: Sendable, Equatable, Hashable, CaseIterable {
    /// A press: pause now.
    case began
    /// The press was a tap (released before it became a hold): the pause becomes sticky.
    case becameTap
    /// The press that became a tap was a hold after all: the sticky pause becomes a hold again.
    /// No detector of this package sends it any more (a late first repeat is told apart before the
    /// tap is decided); `Playback` still honours it for callers that do.
    case tapRetracted
    /// The key or button was released: the hold is over.
    case ended
}
