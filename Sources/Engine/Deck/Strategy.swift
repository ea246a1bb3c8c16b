/// What playback does after the last story.
public enum Strategy: String, Sendable, Equatable, CaseIterable {
    /// Finish after the last story.
    case once
    /// Wrap around to the first story.
    case loop
}
