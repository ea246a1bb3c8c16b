import CImages

/// The limits on pictures, as the C decoder has them (`cimages.h`); the deck format's `DeckLimits` holds
/// the same two values for Engine, and `ImageLimitsTests` pins the two together.
enum ImageLimits {
    /// The largest picture file, in bytes (32 MiB).
    static let maximumFileBytes = Int(CIMG_MAX_FILE_BYTES)
    /// The most pixels a picture may have, in megapixels (40, of 1 000 000 pixels).
    static let maximumMegapixels = Int(CIMG_MAX_PIXELS) / 1_000_000
    /// The largest box of cells converted: a larger terminal gets a picture this size, centred.
    /// It bounds a reply from the helper to about 1.5 MB whatever size the terminal claims.
    static let maximumColumns = 500
    static let maximumRows = 250
}
