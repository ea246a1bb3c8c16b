/// Splits a byte stream into lines, keeping an unfinished line for the next chunk. A line longer
/// than `limit` bytes is cut there, so a writer that never sends a newline cannot grow memory.
struct LineBuffer {
    let limit: Int
    private var pending: [UInt8] = []

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// The unfinished line, if any, as a last line (the writer closed without a newline).
    mutating func flush() -> String? {
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll(keepingCapacity: true) }
        return String(decoding: pending, as: UTF8.self)
    }

    /// Adds bytes; returns the lines they complete (invalid UTF-8 is repaired, not fatal).
    mutating func append(_ bytes: some Sequence<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == 0x0A {
                lines.append(String(decoding: pending, as: UTF8.self))
                pending.removeAll(keepingCapacity: true)
            } else if pending.count < limit {
                pending.append(byte)
            }
        }
        return lines
    }
}
