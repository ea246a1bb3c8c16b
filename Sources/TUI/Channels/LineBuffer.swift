/// Splits a byte stream into lines, keeping an unfinished line for the next chunk. A line longer
/// than `limit` bytes is dropped whole (and reported as `.tooLong`), never cut: a cut `goto` could
/// name another story. Memory stays within `limit` whatever the writer sends.
struct LineBuffer {
    /// One line of the stream.
    enum Line: Sendable, Equatable {
        /// A line, without its line feed (invalid UTF-8 repaired, not fatal).
        case complete(String)
        /// A line over the limit, dropped.
        case tooLong
    }

    /// The most bytes a line may hold.
    let limit: Int
    private var pending: [UInt8] = []
    private var overflowed = false

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// Adds bytes; returns the lines they complete.
    mutating func append(_ bytes: some Sequence<UInt8>) -> [Line] {
        var lines: [Line] = []
        for byte in bytes {
            if byte == 0x0A {
                lines.append(take())
            } else if overflowed {
                continue
            } else if pending.count < limit {
                pending.append(byte)
            } else {
                overflowed = true
                pending.removeAll(keepingCapacity: true)
            }
        }
        return lines
    }

    /// The unfinished line, if any, as a last line (the writer closed without a newline).
    mutating func flush() -> Line? {
        guard overflowed || !pending.isEmpty else { return nil }
        return take()
    }

    private mutating func take() -> Line {
        defer {
            pending.removeAll(keepingCapacity: true)
            overflowed = false
        }
        return overflowed ? .tooLong : .complete(String(decoding: pending, as: UTF8.self))
    }
}
