import CPoll
import Glibc

/// A pipe whose read end the main loop polls and whose write end another context (a signal handler,
/// a thread) writes a byte to, to wake it. Both ends close on exec; either may be non-blocking.
struct WakePipe {
    let readEnd: Int32
    let writeEnd: Int32

    /// Creates the pipe; nil when no descriptor is left.
    init?(nonBlockingRead: Bool = true, nonBlockingWrite: Bool = true) {
        var ends: [Int32] = [0, 0]
        // One system call for the usual pipe (both ends non-blocking). pipe2's flags go to both ends, so
        // when one end must block, the other is made non-blocking on its own.
        let both = nonBlockingRead && nonBlockingWrite
        guard c_pipe2(&ends, O_CLOEXEC | (both ? O_NONBLOCK : 0)) == 0 else { return nil }
        if !both {
            for (end, nonBlocking) in [(ends[0], nonBlockingRead), (ends[1], nonBlockingWrite)] where nonBlocking {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Reads and drops every byte waiting (the read end must be non-blocking).
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
    }

    func close() {
        Glibc.close(readEnd)
        Glibc.close(writeEnd)
    }
}
