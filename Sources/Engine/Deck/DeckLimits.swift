/// The numeric limits of the deck format (docs/DECK-FORMAT.md, docs/IMAGES.md, docs/RELIABILITY.md), in one place: the validator, the command line
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
    /// The deepest nesting of arrays and objects in a deck.
    public static let maximumDepth = 64
    /// How many problems of an invalid deck are reported; the rest are only counted ("and N more").
    public static let maximumReportedProblems = 100
    /// The largest image file, in bytes (32 MiB).
    public static let maximumImageFileSize = 32 * 1024 * 1024
    /// The most pixels an image may have, in millions.
    public static let maximumImageMegapixels = 40
    /// The most frames a moving picture (GIF, WebP) may have.
    public static let maximumAnimationFrames = 10_000
    /// The longest `link`, in characters (Unicode scalars): longer than any address a person shares.
    public static let maximumLinkLength = 2_048
    /// The colours of a gradient `background`: from 2 to this many.
    public static let maximumGradientColors = 3
}
