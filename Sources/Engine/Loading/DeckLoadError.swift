/// Why a deck could not be loaded.
public enum DeckLoadError: Error, Sendable, Equatable {
    /// No file at the path (or a folder on the way is missing).
    case notFound(String)
    /// The path names a folder.
    case isDirectory(String)
    /// The file exists but may not be read.
    case permissionDenied(String)
    /// The file is larger than `limit` bytes (checked before reading a regular file whole).
    case tooLarge(String, limit: Int)
    /// The file could not be opened for another reason (`errno`).
    case cannotOpen(String, errno: Int32)
    /// Reading failed part-way (`errno`).
    case readFailed(String, errno: Int32)
    /// The bytes are not a valid deck: its first problems in file order (at most
    /// `DeckLimits.maximumReportedProblems`), and how many more there are.
    case invalid([DeckProblem], omitted: Int)

    /// The error as lines of text (without the `stories-tui: ` prefix), safe to print to a terminal.
    /// - Parameter language: the language to write them in.
    public func message(in language: Language) -> [String] {
        DeckMessageCatalogue.lines(for: self, in: language)
    }
}
