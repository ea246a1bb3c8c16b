/// Which detector served a hold of space: the `via` of its `suspend` and `resume` events (the man page, EVENTS).
public enum HoldDetection: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The terminal reported the key's release (`KeyReleaseHold`).
    case release
    /// The hold was inferred from key repeats (`HoldDetector`), for terminals that report no release.
    case `repeat`
}
