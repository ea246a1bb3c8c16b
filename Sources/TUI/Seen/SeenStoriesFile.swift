/// The text of a seen-stories file: a header line, the deck's real path, then one story id a line
/// (ids never hold a line break: deck text lost them at load). Pure, so that reading a damaged
/// file is tested without a disk.
///
/// ```
/// stories-tui seen 1
/// /home/ana/decks/trip.json
/// dawn
/// noon
/// ```
enum SeenStoriesFile {
    static let header = "stories-tui seen 1"
    /// Largest file read; a bigger one is damaged (a deck holds at most 16 MiB of ids).
    static let sizeLimit = 16 * 1024 * 1024

    /// Why a file's text is not a seen-stories file.
    enum Damage: Error, Equatable {
        case notUTF8
        case wrongHeader
        case missingPath
    }

    /// The file's text for a deck and the ids seen, in the order they were seen.
    static func text(deckPath: String, ids: [String]) -> String {
        ([header, deckPath] + ids).joined(separator: "\n") + "\n"
    }

    /// The ids a file's bytes hold for the deck at `deckPath`: empty when the file belongs to
    /// another deck (a different path under the same name); a failure when it is damaged.
    static func ids(in bytes: [UInt8], deckPath: String) -> Result<[String], Damage> {
        guard let text = String(validating: bytes, as: UTF8.self), !text.utf8.contains(0) else {
            return .failure(.notUTF8)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.first.map(String.init) == header else { return .failure(.wrongHeader) }
        guard lines.count >= 2 else { return .failure(.missingPath) }
        guard String(lines[1]) == deckPath else { return .success([]) }
        return .success(lines.dropFirst(2).map(String.init))
    }
}
