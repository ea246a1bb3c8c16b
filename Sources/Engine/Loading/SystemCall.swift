#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A system call interrupted by a signal (`EINTR`) is made again, in one place (swift-system's
/// `valueOrErrno(retryOnInterrupt:)`), for the deck's reading here and the program's descriptors:
/// every call site then reads as the call itself.
package enum SystemCall {
    /// Calls `call` until it does not fail with `EINTR`; its result (-1 with `errno` set on a failure).
    @inline(__always)
    package static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
