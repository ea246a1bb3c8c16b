#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lists a folder deck's pictures and videos (docs/DECK-FORMAT.md, "Folder decks"): every entry directly in
/// the folder whose name does not start with `.`, told by its first bytes (`FileSignature`), never by its
/// name; symbolic links are followed; folders, FIFOs, sockets, devices and other files are left out, and so
/// are entries that cannot be read (listed apart, for `--check`'s notes).
///
/// Each entry costs one `openat` (non-blocking: a FIFO never waits for a writer), one `fstat` and one read of
/// 16 bytes; nothing else of a picture is read.
enum FolderLister {
    /// What a folder holds, in natural name order (`NaturalOrder`).
    struct Listing: Sendable, Equatable {
        /// Pictures and videos: each one a story.
        var media: [FolderEntry] = []
        /// Entries that could not be opened or read.
        var unreadable: [FolderEntry] = []
    }

    /// The name a folder deck's own JSON deck has; when it is there, the folder plays it.
    static let deckFileName = "stories.json"

    /// Lists the folder at `path`.
    static func list(path: String) -> Result<Listing, DeckLoadError> {
        let folder = SystemCall.retrying { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard folder >= 0 else { return .failure(DeckLoader.openError(path: path, code: errno)) }
        guard let stream = fdopendir(folder) else {
            let code = errno
            close(folder)
            return .failure(.cannotOpen(path, errno: code))
        }
        defer { closedir(stream) }
        var listing = Listing()
        var keys: [(NaturalOrder.Key, FolderEntry, Bool)] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { return .failure(.readFailed(path, errno: errno)) }
                break
            }
            let type = entry.pointee.d_type
            // Folders, FIFOs, sockets and devices are never opened (opening a device may do something);
            // a symbolic link, or a file system that does not say, is opened without blocking and then decided.
            if [DT_DIR, DT_FIFO, DT_SOCK, DT_CHR, DT_BLK].contains(Int(type)) { continue }
            let examined: (name: String, entry: FolderEntry?)? = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { name in
                    guard name[0] != CChar(UInt8(ascii: ".")) else { return nil }
                    // A name that is not UTF-8 cannot be written in a deck: left out, with a note.
                    guard let text = String(validatingCString: name) else {
                        let shown = String(cString: name)
                        return (shown, FolderEntry(name: shown, errno: EILSEQ))
                    }
                    return (text, examine(name, named: text, in: folder))
                }
            }
            guard let examined, let found = examined.entry else { continue }
            keys.append((NaturalOrder.Key(examined.name), found, found.errno != nil))
        }
        keys.sort { NaturalOrder.precedes($0.0, $1.0) }
        for (_, entry, unreadable) in keys {
            if unreadable { listing.unreadable.append(entry) } else { listing.media.append(entry) }
        }
        return .success(listing)
    }

    /// What one entry is: a picture or video, unreadable, or nil for anything else (a folder, a text file).
    private static func examine(_ name: UnsafePointer<CChar>, named text: String, in folder: Int32) -> FolderEntry? {
        let descriptor = SystemCall.retrying { openat(folder, name, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else {
            // A dangling symbolic link is not an entry that could not be read: there is nothing there.
            if errno == ENOENT || errno == ELOOP { return nil }
            return FolderEntry(name: text, errno: errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return FolderEntry(name: text, errno: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { return nil }
        var prefix = [UInt8](repeating: 0, count: FileSignature.mediaPrefixLength)
        let count = SystemCall.retrying { prefix.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
        guard count >= 0 else { return FolderEntry(name: text, errno: errno) }
        guard let kind = FileSignature.mediaKind(of: prefix.prefix(count)) else { return nil }
        return FolderEntry(name: text, kind: kind)
    }
}
