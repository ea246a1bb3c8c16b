/// The limits on pictures, in one place: the C decoder, the check and the messages read them here
/// (the file and pixel limits are the C header's, in TUI's `ImageLimits+C.swift`).
package enum ImageLimits {
    /// The largest box of cells converted: a larger terminal gets a picture this size, centred.
    /// It bounds a reply from the helper to about 1.5 MB whatever size the terminal claims.
    package static let maximumColumns = 500
    package static let maximumRows = 250
}
