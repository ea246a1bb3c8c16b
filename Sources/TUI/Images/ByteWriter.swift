/// Appends little-endian integers and bytes: the helper protocol's writer.
struct ByteWriter {
    private(set) var data: [UInt8] = []

    mutating func reserve(_ count: Int) { data.reserveCapacity(data.count + count) }
    mutating func u8(_ value: UInt8) { data.append(value) }
    mutating func u16(_ value: UInt16) { append(UInt64(value), size: 2) }
    mutating func u32(_ value: UInt32) { append(UInt64(value), size: 4) }
    mutating func u64(_ value: UInt64) { append(value, size: 8) }
    mutating func bytes(_ values: [UInt8]) { data.append(contentsOf: values) }

    private mutating func append(_ value: UInt64, size: Int) {
        for index in 0..<size { data.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
}
