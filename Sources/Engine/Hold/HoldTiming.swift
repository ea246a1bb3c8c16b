/// The one threshold every kind of hold shares (docs/VIEWER.md and docs/PLAYBACK.md).
public enum HoldTiming {
    /// A press this long is a hold: title and caption hide after it, a mouse press held this long
    /// pauses (and its release does not navigate), and a key press released sooner is a tap.
    public static let threshold = 0.25
}
