import Engine
import Glibc

/// Reads the input a terminal already holds, without waiting: the bytes typed before the program sent
/// its first query. Read before the query leaves, they cannot be the terminal's answer to it; bytes that
/// look like one (a pasted or typed `ESC [ ? 15 u ESC [ ? 62 c`) are then not taken for the kitty
/// protocol's reply.
enum TypedAhead {
    /// The most bytes taken (the rest, if any, is read by the loop as it comes).
    static let limit = 65_536

    /// What `descriptor` holds now, up to `limit` bytes; stops at the first read that would wait.
    static func read(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        var slot = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while bytes.count < limit, poll(&slot, 1, 0) > 0, slot.revents & Int16(POLLIN) != 0 {
            let count = SystemCall.retrying { Glibc.read(descriptor, &chunk, min(chunk.count, limit - bytes.count)) }
            guard count > 0 else { break }
            bytes += chunk[0..<count]
        }
        return bytes
    }
}
