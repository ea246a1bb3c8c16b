/// Reads little-endian integers and bytes from a buffer, nil past its end: the protocol's reader.
struct ByteReader {
    private let data: [UInt8]
    private var position = 0

    init(_ data: [UInt8]) { self.data = data }

    /// Bytes not read yet.
    var remaining: Int { data.count - position }

    mutating func u8() -> UInt8? { read(size: 1).map { UInt8($0) } }
    mutating func u16() -> UInt16? { read(size: 2).map { UInt16($0) } }
    mutating func u32() -> UInt32? { read(size: 4).map { UInt32($0) } }
    mutating func u64() -> UInt64? { read(size: 8) }

    /// The next `count` bytes, or nil when fewer remain.
    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { position += count }
        return data[position..<position + count]
    }

    /// Everything not read yet.
    mutating func rest() -> ArraySlice<UInt8> {
        defer { position = data.count }
        return data[position...]
    }

    private mutating func read(size: Int) -> UInt64? {
        guard size <= remaining else { return nil }
        var value: UInt64 = 0
        for index in 0..<size { value |= UInt64(data[position + index]) << (8 * UInt64(index)) }
        position += size
        return value
    }
}
