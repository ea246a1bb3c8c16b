import ViewerCore

/// Why a channel to a peer (the events file, the control FIFO, the watcher, standard output or
/// error) could not be used or stopped working, as a value: which channel, on which path, what
/// happened, and the system's `errno` where there is one. No prose: `Messages` renders it.
struct ChannelFailure: Error, Sendable, Equatable {
    /// The channel concerned.
    enum Channel: Sendable, Equatable {
        /// `--events FILE`.
        case events
        /// `--control FIFO`.
        case control
        /// `--watch` (inotify on the deck's folder and its images' folders).
        case watch
        /// Standard output (`--plain`, `--check`, `--help`, `--version`).
        case standardOutput
        /// Standard error (messages).
        case standardError
    }

    /// What happened.
    enum Reason: Sendable, Equatable {
        /// Creating, opening or watching the path failed.
        case cannotOpen(SystemError)
        /// The path is a FIFO that no process reads (a non-blocking open for writing gives `ENXIO`).
        case noReader
        /// A write failed with something other than "try again" (`EPIPE`, `ENOSPC`, `EIO`, `EBADF`…).
        case cannotWrite(SystemError)
        /// A read failed with something other than "try again".
        case cannotRead(SystemError)
        /// The path names the wrong kind of file (the control path must stay a FIFO).
        case wrongType(FileType)
        /// A line longer than `limit` bytes arrived; it was dropped whole.
        case lineTooLong(limit: Int)
    }

    /// The channel concerned.
    let channel: Channel
    /// The path as the user gave it (`-` and empty for standard streams).
    let path: String
    /// What happened.
    let reason: Reason

    /// The system's error code, when a system call failed.
    var errno: Int32? {
        switch reason {
        case .cannotOpen(let error), .cannotWrite(let error), .cannotRead(let error): return error.code
        case .noReader, .wrongType, .lineTooLong: return nil
        }
    }
}
