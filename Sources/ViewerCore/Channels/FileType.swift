import Glibc

/// What kind of file a path names, from the type bits of `st_mode`: the channels use it to refuse
/// anything but a FIFO (control) or a regular file (deck reloads) and to say what was found instead.
enum FileType: Sendable, Equatable {
    case regular
    case directory
    case fifo
    case symbolicLink
    case characterDevice
    case blockDevice
    case socket
    case unknown

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
