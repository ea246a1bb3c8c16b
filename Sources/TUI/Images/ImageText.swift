/// Text that came from a decoder or the helper: it may quote bytes of an untrusted file.
enum ImageText {
    /// The most bytes of such text kept.
    static let maximumLength = 160

    /// Printable ASCII only (anything else becomes `?`), at most `maximumLength` bytes.
    static func printable<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        String(decoding: bytes.prefix(maximumLength).map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") },
               as: UTF8.self)
    }
}
