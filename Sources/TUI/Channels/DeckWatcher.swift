import Glibc

/// Watches the deck file for `--watch` with inotify on its folder, so that both writes in place
/// and editors' rename-over-write are seen. Reports only that something changed; the viewer
/// waits a moment for the writer to finish, then reloads.
final class DeckWatcher {
    /// The descriptor to poll: readable when the folder changed.
    let descriptor: Int32
    private let fileName: String

    /// Watches `path`; nil when inotify is not available.
    init?(path: String) {
        // Follow symbolic links: edits happen to the target, in the target's folder.
        var path = path
        if let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { path[..<$0].isEmpty ? "/" : String(path[..<$0]) } ?? "."
        fileName = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB)
        guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Drains pending notifications; true if any concerned the deck file.
    func deckChanged() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let length = buffer.withUnsafeBytes {
                    Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                }
                let nameStart = offset + header
                let nameEnd = min(count, nameStart + length)
                let name = String(decoding: buffer[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
                if name == fileName { changed = true }
                offset = nameEnd
            }
        }
        return changed
    }
}
