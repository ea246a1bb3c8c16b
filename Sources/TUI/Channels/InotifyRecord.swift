/// One event read from an inotify descriptor: which watch, what happened, and the name of the
/// entry concerned in the watched folder (empty for events about the folder itself).
struct InotifyRecord: Sendable, Equatable {
    /// The watch descriptor `inotify_add_watch` returned.
    let watch: Int32
    /// The `IN_*` bits.
    let mask: UInt32
    /// The entry's name, empty when the event concerns the watched folder itself.
    let name: String

    /// The size of `struct inotify_event` without its name: wd, mask, cookie, len.
    static let headerSize = 16

    /// The records in bytes returned by one `read` (a read returns whole records only; a record cut
    /// short at the end is ignored).
    static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyRecord] {
        var records: [InotifyRecord] = []
        var offset = bytes.startIndex
        while offset + headerSize <= bytes.endIndex {
            let watch = Int32(bitPattern: word(bytes, at: offset))
            let mask = word(bytes, at: offset + 4)
            let length = Int(word(bytes, at: offset + 12))
            let nameStart = offset + headerSize
            guard nameStart + length <= bytes.endIndex else { break }
            // The name is padded with NULs to an aligned length.
            let name = String(decoding: bytes[nameStart..<nameStart + length].prefix { $0 != 0 }, as: UTF8.self)
            records.append(InotifyRecord(watch: watch, mask: mask, name: name))
            offset = nameStart + length
        }
        return records
    }

    /// A 32-bit value in the machine's (little-endian) byte order.
    private static func word(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
}
