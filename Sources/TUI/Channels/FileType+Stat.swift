import Glibc
import ViewerCore

/// A file type read from `stat` (the value type is in ViewerCore, which imports no Glibc).
extension FileType {
    /// The type encoded in a `stat` mode.
    /// - Parameter mode: `st_mode` from `stat`, `lstat` or `fstat`.
    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFLNK: self = .symbolicLink
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .unknown
        }
    }

    /// The type of an open descriptor, or the errno of `fstat`.
    static func of(descriptor: Int32) -> Result<FileType, SystemError> {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(SystemError.current()) }
        return .success(FileType(mode: status.st_mode))
    }
}
