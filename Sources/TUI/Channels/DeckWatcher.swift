import Engine
import Glibc

/// `--watch`: inotify on the deck's folder (so that writes in place and editors' rename-over-write
/// are both seen) and on the folders of the deck's pictures. Reports only that something changed;
/// the viewer waits a moment for the writer to finish, then reloads.
///
/// A folder that does not exist (removed, moved away, not made yet) is waited for from its nearest
/// existing ancestor; when it comes back the watches are armed again and a change is reported,
/// since the deck may already be in it. The watches are armed again too whenever a watched folder
/// is removed or moved (`IN_DELETE_SELF`, `IN_MOVE_SELF`, `IN_IGNORED`) or the kernel's queue
/// overflowed. One `readChanges()` reads at most `readLimit` bytes of events.
final class DeckWatcher {
    /// What one `readChanges()` found.
    struct Report: Sendable, Equatable {
        /// The deck or one of its pictures changed, appeared or went away: reload.
        var changed = false
        /// Folders that could not be watched, each reported once (the rest are still watched).
        var failures: [ChannelFailure] = []
    }

    /// The most bytes of events one `readChanges()` reads.
    static let readLimit = 65_536
    /// The most picture folders watched; pictures elsewhere are not watched.
    static let folderLimit = 256
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM
        | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    private static let selfGone = UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT)

    /// The descriptor to poll for `POLLIN`: readable when a watched folder changed.
    let descriptor: Int32
    /// The deck's path as the user gave it.
    let path: String
    private let deck: WatchTarget
    private var pictures: [WatchTarget] = []
    private var roles: [Int32: WatchRole] = [:]
    private var reported: [ChannelFailure] = []

    private init(descriptor: Int32, path: String, deck: WatchTarget) {
        self.descriptor = descriptor
        self.path = path
        self.deck = deck
    }

    deinit { close(descriptor) }

    /// Starts watching the deck at `path` (a symbolic link is followed to the real file and its folder).
    /// - Returns: the watcher, or why not (`inotify_init1` or `inotify_add_watch` failed: its errno).
    static func open(deckPath path: String) -> Result<DeckWatcher, ChannelFailure> {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            return .failure(ChannelFailure(channel: .watch, path: path, reason: .cannotOpen(SystemError.current())))
        }
        let resolved = FilePaths.resolved(path)
        // A folder deck is its entries: any of them added, removed, renamed or written counts.
        let deck = DeckLoader.isFolder(path)
            ? WatchTarget(folder: resolved, names: [], everyEntry: true)
            : WatchTarget(folder: FilePaths.folder(of: resolved), names: [FilePaths.name(of: resolved)])
        let watcher = DeckWatcher(descriptor: descriptor, path: path, deck: deck)
        if let failure = watcher.arm().first { return .failure(failure) }
        return .success(watcher)
    }

    /// Watches these pictures too (replacing the previous list), so that a changed picture reloads.
    /// - Parameter paths: the pictures' paths, absolute or relative to the current folder.
    /// - Returns: the folders that could not be watched, each reported once.
    @discardableResult
    func setExtraPaths(_ paths: [String]) -> [ChannelFailure] {
        let targets = WatchTarget.grouping(paths.map(FilePaths.resolved))
        pictures = Array(targets.prefix(Self.folderLimit))
        return arm()
    }

    /// Reads the pending events (at most `readLimit` bytes; more wait for the next wake-up).
    func readChanges() -> Report {
        var report = Report()
        var rearm = false
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var taken = 0
        while taken < Self.readLimit {
            let count = SystemCall.retrying { buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }
            guard count > 0 else { break }
            taken += count
            for record in InotifyRecord.parse(buffer[0..<count]) {
                if record.mask & UInt32(IN_Q_OVERFLOW) != 0 { rearm = true }
                guard let role = roles[record.watch] else { continue }
                if record.mask & Self.selfGone != 0 { rearm = true }
                if role.counts(record.name) { report.changed = true }
                if role.awaitedNames.contains(record.name) && record.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    rearm = true
                }
            }
        }
        if rearm {
            report.changed = true
            report.failures = arm()
        }
        return report
    }

    /// Drops every watch and watches each target afresh, or its nearest existing ancestor.
    /// - Returns: the failures not reported before.
    private func arm() -> [ChannelFailure] {
        for watch in roles.keys { inotify_rm_watch(descriptor, watch) }
        roles = [:]
        var fresh: [ChannelFailure] = []
        for target in [deck] + pictures {
            guard let failure = arm(target) else { continue }
            if !reported.contains(failure) {
                reported.append(failure)
                fresh.append(failure)
            }
        }
        return fresh
    }

    private func arm(_ target: WatchTarget) -> ChannelFailure? {
        var folder = target.folder
        var awaited: String?
        while true {
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            if watch >= 0 {
                if let awaited {
                    roles[watch, default: WatchRole()].awaitedNames.insert(awaited)
                } else {
                    roles[watch, default: WatchRole()].changedNames.formUnion(target.names)
                    if target.everyEntry { roles[watch, default: WatchRole()].everyEntry = true }
                }
                return nil
            }
            let error = SystemError.current()
            guard (error.code == ENOENT || error.code == ENOTDIR) && folder != "/" else {
                return ChannelFailure(channel: .watch, path: folder, reason: .cannotOpen(error))
            }
            awaited = FilePaths.name(of: folder)
            folder = FilePaths.folder(of: folder)
        }
    }
}
