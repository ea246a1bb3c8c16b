/// Bytes waiting for a slow peer, first in first out: appended at the back, taken from the front
/// as the peer accepts them (partial writes included). The owner bounds its size.
struct ByteQueue {
    private var storage: [UInt8] = []
    private var head = 0

    /// How many bytes wait.
    var count: Int { storage.count - head }

    /// Whether nothing waits.
    var isEmpty: Bool { head == storage.count }

    /// Adds bytes at the back.
    mutating func append(_ bytes: some Collection<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    /// Calls `body` with up to `limit` of the bytes at the front (at least one unless empty).
    func withFront<Result>(upTo limit: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        storage.withUnsafeBytes { buffer in
            body(UnsafeRawBufferPointer(rebasing: buffer[head..<min(storage.count, head + limit)]))
        }
    }

    /// Forgets the first `taken` bytes (those the peer accepted).
    mutating func removeFirst(_ taken: Int) {
        head = min(storage.count, head + max(0, taken))
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 65_536 && head * 2 >= storage.count {
            // Move the rest to the front now and then, so the array stays within twice what waits.
            storage.removeFirst(head)
            head = 0
        }
    }

    /// How many line feeds wait (the lines not yet written whole).
    var lineCount: Int {
        withFront(upTo: count) { bytes in bytes.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 } }
    }

    /// Forgets everything and gives the memory back.
    mutating func removeAll() {
        storage = []
        head = 0
    }
}
