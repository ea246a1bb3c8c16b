/// Standard base64 with padding (RFC 4648), for the short texts the kitty protocol carries so: a file's path
/// (`t=t`, the probe's `t=t` query) and a fallback transmission's data (`KittyFileTransfer`).
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64, four characters for each three bytes (the last group padded with `=`).
    package static func encode<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next(), third = iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            out.append(alphabet[Int(group >> 18 & 63)])
            out.append(alphabet[Int(group >> 12 & 63)])
            out.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(group >> 6 & 63)])
            out.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(group & 63)])
        }
        return out
    }
}
