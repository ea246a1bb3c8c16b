import Foundation
import Glibc

/// One end of a named pipe held by the test, opened without blocking: a reader that may stall on
/// purpose, or a writer that gives up at a deadline instead of hanging when the program stops reading.
final class PipeEnd {
    let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Creates a FIFO at `path` (mode 0600); true when it is there.
    @discardableResult
    static func makeFIFO(_ path: String) -> Bool {
        mkfifo(path, 0o600) == 0 || errno == EEXIST
    }

    /// A reader that takes nothing until `drain` is called.
    static func reader(_ path: String) -> PipeEnd? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        return descriptor >= 0 ? PipeEnd(descriptor: descriptor) : nil
    }

    /// A writer; nil while no process reads the FIFO (`ENXIO`) or the path is not one.
    static func writer(_ path: String) -> PipeEnd? {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        return descriptor >= 0 ? PipeEnd(descriptor: descriptor) : nil
    }

    /// Waits up to `timeout` seconds for a process to read the FIFO at `path`, then opens a writer.
    static func writer(_ path: String, timeout: Double) -> PipeEnd? {
        let end = Date().addingTimeInterval(timeout)
        repeat {
            if let writer = writer(path) { return writer }
            usleep(20_000)
        } while Date() < end
        return nil
    }

    /// Writes as much of `bytes` as the reader takes before `timeout` seconds pass; returns the count written.
    @discardableResult
    func write(_ bytes: [UInt8], timeout: Double = 15) -> Int {
        let end = Date().addingTimeInterval(timeout)
        var done = 0
        while done < bytes.count && Date() < end {
            let count = bytes[done...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                done += count
            } else if count < 0 && errno != EAGAIN && errno != EINTR {
                break
            } else {
                var slot = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&slot, 1, 50)
            }
        }
        return done
    }

    /// Everything readable now.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}
