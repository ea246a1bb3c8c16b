import CImages
import ViewerCore

/// The limits the C decoder enforces, read from its header (ViewerCore imports no C); the deck format's
/// `DeckLimits` holds the same two values for Engine, and `ImageLimitsTests` pins the two together.
extension ImageLimits {
    /// The largest picture file, in bytes (32 MiB).
    static let maximumFileBytes = Int(CIMG_MAX_FILE_BYTES)
    /// The most pixels a picture may have, in megapixels (40, of 1 000 000 pixels).
    static let maximumMegapixels = Int(CIMG_MAX_PIXELS) / 1_000_000
    /// The most frames a moving picture may have (10 000).
    static let maximumFrames = Int(CIMG_MAX_FRAMES)
}
