/// Where playback is in its life.
public enum PlaybackPhase: String, Sendable, Equatable, CaseIterable {
    /// Loaded; the leeway is running (or `begin(at:)` has not been called yet).
    case ready
    /// A story is shown.
    case playing
    /// A `once` deck played past its last story; nothing happens any more.
    case finished
    /// The user quit; nothing happens any more.
    case quit
}
