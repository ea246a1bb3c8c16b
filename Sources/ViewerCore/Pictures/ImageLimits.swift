import CImages

/// The limits on pictures, in one place: the C decoder, the check and the messages read them here.
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
