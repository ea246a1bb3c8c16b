#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads, parses and validates decks.
public enum DeckLoader {
    /// The largest deck accepted, in bytes (`DeckLimits.maximumFileSize`, 16 MiB).
    public static let maximumSize = DeckLimits.maximumFileSize

    /// How much is read at a time from pipes, FIFOs, devices and standard input.
    static let chunkSize = 64 * 1024

    /// Loads a deck from a file, or from standard input when `path` is `-`.
    ///
    /// A regular file larger than `maximumSize` is refused from its size, before it is read; anything else
    /// (a FIFO, a pipe, a device) is read in chunks and refused as soon as more than `maximumSize` bytes arrived.
    /// Image paths are resolved against the file's folder (`baseDirectory`), or nothing for standard input.
    /// - Parameter path: a file path, or `-`.
    /// - Returns: the deck, or why it could not be loaded (every problem of an invalid deck).
    /// - Parameter checkImages: asks why each story's image cannot be shown (`--check`); nil leaves images
    ///   unchecked.
    public static func load(path: String, checkImages: ImageCheck? = nil) -> Result<Deck, DeckLoadError> {
        loadReporting(path: path, checkImages: checkImages).result
    }

    /// Loads a deck as `load(path:checkImages:)` does: a JSON or Markdown file (by its name, `DeckFormat`), or a
    /// folder (its `stories.json`, else its pictures: `FolderDeck`), with what a folder deck left out.
    /// - Parameter picturesOnly: a folder is read as its pictures even when it has a `stories.json`
    ///   (`--print-deck FOLDER > FOLDER/stories.json`: the shell made that file empty before the program ran).
    public static func loadReporting(path: String, checkImages: ImageCheck? = nil, picturesOnly: Bool = false)
        -> DeckLoadOutcome {
        // One `stat` for a deck file (the start is measured: docs/PACKAGING.md), one more for a folder.
        var file = path
        if isFolder(path) {
            file = picturesOnly ? path : deckFile(inFolder: path)
            if file == path { return FolderDeck.load(path: path, checkImages: checkImages) }
        }
        let bytes: [UInt8]
        switch readBytes(path: file) {
        case .success(let read): bytes = read
        case .failure(let error): return DeckLoadOutcome(result: .failure(error), notes: [], file: file)
        }
        let deck = decode(bytes, baseDirectory: file == "-" ? nil : PathParts.folder(of: file),
                          format: DeckFormat(path: file), checkImages: checkImages)
        return DeckLoadOutcome(result: deck, notes: [], file: file)
    }

    /// The file a deck path is read from: `FOLDER/stories.json` when `path` is a folder that has one, else `path`.
    public static func deckFile(for path: String) -> String {
        isFolder(path) ? deckFile(inFolder: path) : path
    }

    /// `FOLDER/stories.json` when the folder has one, else the folder.
    private static func deckFile(inFolder path: String) -> String {
        let inside = path.hasSuffix("/") ? path + FolderLister.deckFileName : path + "/" + FolderLister.deckFileName
        var status = stat()
        return stat(inside, &status) == 0 ? inside : path
    }

    /// Whether `path` names a folder (following symbolic links).
    public static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return path != "-" && stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Parses and validates a deck held in memory (more than `maximumSize` bytes is `.tooLarge("-", …)`).
    /// - Parameter bytes: the file's bytes (UTF-8, an optional byte order mark).
    /// - Parameter baseDirectory: the folder image paths are relative to, or nil.
    /// - Parameter checkImages: asks why each story's image cannot be shown; nil leaves images unchecked.
    /// - Returns: the deck, or `.invalid` with its first problems in file order.
    /// - Parameter format: JSON, or Markdown (`MarkdownDeckParser`); either way a picture, a video or another
    ///   kind of file is named for what it is (`DeckProblemKind.notADeck`).
    public static func decode(
        _ bytes: [UInt8], baseDirectory: String?, format: DeckFormat = .json, checkImages: ImageCheck? = nil
    ) -> Result<Deck, DeckLoadError> {
        guard bytes.count <= maximumSize else { return .failure(.tooLarge("-", limit: maximumSize)) }
        if let kind = FileSignature.wrongKind(of: bytes, markdownIsExpected: format == .markdown) {
            return .failure(.invalid([DeckProblem(path: "", line: 1, column: 1, kind: .notADeck(kind))], omitted: 0))
        }
        switch format {
        case .json:
            return DeckValidator.parseAndValidate(bytes, baseDirectory: baseDirectory, checkImages: checkImages)
        case .markdown:
            return MarkdownDeckParser.parse(bytes, baseDirectory: baseDirectory, checkImages: checkImages)
        }
    }

    // MARK: Reading

    /// Reads a whole file (or standard input) within `maximumSize`.
    static func readBytes(path: String, limit: Int = maximumSize) -> Result<[UInt8], DeckLoadError> {
        if path == "-" {
            return read(descriptor: STDIN_FILENO, path: path, limit: limit)
        }
        let descriptor = SystemCall.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(openError(path: path, code: errno)) }
        defer { close(descriptor) }
        return read(descriptor: descriptor, path: path, limit: limit)
    }

    static func openError(path: String, code: Int32) -> DeckLoadError {
        switch code {
        case ENOENT, ENOTDIR: return .notFound(path)
        case EACCES, EPERM: return .permissionDenied(path)
        case EISDIR: return .isDirectory(path)
        default: return .cannotOpen(path, errno: code)
        }
    }

    private static func read(descriptor: Int32, path: String, limit: Int) -> Result<[UInt8], DeckLoadError> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.readFailed(path, errno: errno)) }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { return .failure(.isDirectory(path)) }
        var expected = chunkSize
        if type == S_IFREG {
            guard Int(info.st_size) <= limit else { return .failure(.tooLarge(path, limit: limit)) }
            expected = Int(info.st_size) + 1
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(expected, limit + 1))
        // The chunk is left uninitialised: zeroing 64 KiB that a small deck never reaches was a
        // fiftieth of the work before the first frame, and sixteen page faults.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunkSize) { chunk in
            while true {
                let count = SystemCall.retrying { systemRead(descriptor, chunk.baseAddress, chunk.count) }
                if count < 0 {
                    if errno == EISDIR { return .failure(.isDirectory(path)) }
                    return .failure(.readFailed(path, errno: errno))
                }
                if count == 0 { return .success(bytes) }
                // A regular file that grew while being read is caught here too.
                guard bytes.count + count <= limit else { return .failure(.tooLarge(path, limit: limit)) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<count]))
            }
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.read(descriptor, buffer, count)
        #else
        return Darwin.read(descriptor, buffer, count)
        #endif
    }
}
