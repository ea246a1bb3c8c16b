import Engine
import Glibc
import ViewerCore

/// The seen stories of one deck on disk, in `$XDG_STATE_HOME/stories-tui/` (default
/// `~/.local/state/stories-tui/`): one file a deck, named by a hash of the deck's real path, which
/// the file also holds. Every change rewrites the file whole through a temporary file and a rename,
/// so a reader never sees half of it. A write that fails is dropped: seen stories are a comfort,
/// never a reason to stop.
final class SeenStoriesStore {
    /// The file and the deck it is for.
    let path: String
    let deckPath: String
    /// The ids seen, in the order they were seen, and the same as a set.
    private(set) var ids: [String]
    private var known: Set<String>

    init(path: String, deckPath: String, ids: [String]) {
        self.path = path
        self.deckPath = deckPath
        self.ids = ids
        known = Set(ids)
    }

    /// The folder for state: `$XDG_STATE_HOME` when it is an absolute path, else `$HOME/.local/state`,
    /// then `stories-tui`; nil without either variable.
    static func folder(environment: Environment) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/stories-tui" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.local/state/stories-tui"
    }

    /// The file name for a deck: `seen-` and the 64-bit FNV-1a hash of its real path, in hex.
    static func fileName(forDeck deckPath: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in deckPath.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return "seen-" + String(repeating: "0", count: 16 - digits.count) + digits + ".txt"
    }

    /// How long `record` tries for the lock that another program holds (it holds it for one short
    /// read and write): past that, this write is left out and the next one carries the id.
    static let lockPatience = 0.05

    /// Adds a story id and writes the file merged with what it holds now; false when the write
    /// failed or the lock was not had (the id is kept in memory, and the next write carries it).
    @discardableResult
    func record(_ id: String) -> Bool {
        guard known.insert(id).inserted else { return true }
        ids.append(id)
        return save()
    }

    /// Under the folder's lock: the file's ids as they are now (none when it is missing or damaged),
    /// then this run's that it lacks, written through a rename. Nothing is written when the path is
    /// no longer a regular file (a FIFO or a device put there: it is left alone).
    private func save() -> Bool {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        guard let lock = FolderLock(folder, patience: Self.lockPatience) else { return false }
        defer { lock.release() }
        var merged: [String] = []
        switch Self.read(path) {
        case .success(let bytes)?:
            if case .success(let theirs) = SeenStoriesFile.ids(in: bytes, deckPath: deckPath) { merged = theirs }
        case .failure(.notRegular)?:
            return false
        case .failure, nil:
            break
        }
        let theirs = Set(merged)
        merged += ids.filter { !theirs.contains($0) }
        return Self.writeAtomically(SeenStoriesFile.text(deckPath: deckPath, ids: merged), to: path)
    }

    /// Makes `folder` and its parents (mode 0700, as the XDG spec asks); nil on success, else errno.
    static func makeFolder(_ folder: String) -> Int32? {
        var path = ""
        for part in folder.split(separator: "/") {
            path += "/" + String(part)
            if mkdir(path, 0o700) != 0 && errno != EEXIST { return errno }
        }
        return writable(folder)
    }

    /// Whether files can be made in `folder`: nil when they can, else errno.
    static func writable(_ folder: String) -> Int32? {
        access(folder, W_OK | X_OK) == 0 ? nil : errno
    }

    /// Why a seen-stories file could not be read.
    enum ReadFailure: Error, Equatable {
        /// A system call failed (EFBIG: the file is too large).
        case system(Errno)
        /// The path is not a regular file (a FIFO, a device, a folder, a socket).
        case notRegular(FileType)
    }

    /// Reads a whole file of at most `SeenStoriesFile.sizeLimit` bytes: nil when it does not
    /// exist, else its bytes or why not. The open never waits (`O_NONBLOCK`: a FIFO there has no
    /// writer) and `fstat` says what it is before a byte is read: only a regular file is read.
    static func read(_ path: String) -> Result<[UInt8], ReadFailure>? {
        let descriptor = SystemCall.retrying { open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard descriptor >= 0 else { return errno == ENOENT ? nil : .failure(.system(Errno(errno))) }
        defer { close(descriptor) }
        switch FileType.of(descriptor: descriptor) {
        case .success(.regular): break
        case .success(let found): return .failure(.notRegular(found))
        case .failure(let error): return .failure(.system(Errno(error.code)))
        }
        var bytes: [UInt8] = []
        // Uninitialised, as DeckLoader's: zeroing the chunk cost more than reading a small file.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65_536) { chunk in
            while true {
                let count = SystemCall.retrying { Glibc.read(descriptor, chunk.baseAddress, chunk.count) }
                if count < 0 { return .failure(.system(Errno(errno))) }
                if count == 0 { return .success(bytes) }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<count]))
                if bytes.count > SeenStoriesFile.sizeLimit { return .failure(.system(Errno(EFBIG))) }
            }
        }
    }

    /// Writes `text` to a temporary file next to `path`, then renames it over `path`.
    static func writeAtomically(_ text: String, to path: String) -> Bool {
        let temporary = "\(path).\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return false }
        let written = DescriptorWriter.writeAll(descriptor, Array(text.utf8)) == nil
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// An errno value, as an error.
    struct Errno: Error, Equatable {
        let code: Int32
        init(_ code: Int32) { self.code = code }
        var description: String { String(cString: strerror(code)) }
    }
}
