/// The numeric limits of the deck format (SPEC 2), in one place: the validator, the command line
/// and every message that states a limit read them from here.
public enum DeckLimits {
    /// A story's duration, in seconds: greater than 0 and at most this.
    public static let maximumDuration: Double = 86_400
    /// The wait before the first story, in seconds: from 0 to this.
    public static let maximumLeeway: Double = 3_600
    /// The duration of stories that set none and when neither the deck nor `--duration` does.
    public static let defaultDuration: Double = 5
    /// The largest deck file, in bytes (16 MiB).
    public static let maximumFileSize = 16 * 1024 * 1024
}
