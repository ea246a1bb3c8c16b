import Glibc

/// What tells one version of a file from another without reading it: device, inode, size and
/// modification time (to the nanosecond), from `stat` (links followed).
struct FileIdentity: Sendable, Hashable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    /// The identity of the file at `path` now; nil when `stat` fails (missing, no permission...).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}
