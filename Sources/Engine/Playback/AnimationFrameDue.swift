/// Which frame of a moving picture is shown at a moment of its story, and when that changes (`AnimationPacing`).
public struct AnimationFrameDue: Sendable, Equatable {
    /// The frame shown, 0-based.
    public let index: Int
    /// The story's elapsed time, in seconds, at which the next frame is due; nil when the frame stands still
    /// (paused, reduce motion, a single frame).
    public let nextChange: Double?

    public init(index: Int, nextChange: Double?) {
        self.index = index
        self.nextChange = nextChange
    }
}
