import Glibc

/// A failed system call's `errno`, kept as a value at the moment of the failure (before any other
/// call can overwrite the global).
struct SystemError: Error, Sendable, Equatable {
    /// The `errno` value, for example `ENOSPC`.
    let code: Int32

    /// The current `errno`; read it right after the call that failed.
    static func current() -> SystemError { SystemError(code: errno) }

    /// The system's description of the code, for example "No space left on device".
    var description: String { String(cString: strerror(code)) }
}
