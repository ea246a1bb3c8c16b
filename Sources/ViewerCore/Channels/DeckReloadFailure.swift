import Engine

/// Why the deck could not be read again.
package enum DeckReloadFailure: Error, Sendable, Equatable {
    /// What the deck loader reports for a file: missing, a folder, no permission, too large,
    /// cannot be opened or read (with errno).
    case load(DeckLoadError)
    /// The path names something else than a regular file (a FIFO, a device, a socket).
    case notARegularFile(String, found: FileType)
}
