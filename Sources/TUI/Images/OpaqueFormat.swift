import Glibc

/// Whether a picture file is in a format without transparency (JPEG: it starts `FF D8 FF`), so that what
/// shows through transparent pixels (a request's backdrop) cannot change its cells. `ImageLoader` then
/// keys the file's conversions without the backdrop: the first story's picture, asked for before the
/// terminal has said its background (`ViewerLauncher`), answers the model's request made after it did.
enum OpaqueFormat {
    /// Reads the first three bytes of `path` (non-blocking: a FIFO or a device gives no bytes and is not
    /// JPEG); false when they cannot be read.
    static func isOpaque(path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head: (UInt8, UInt8, UInt8) = (0, 0, 0)
        let count = withUnsafeMutableBytes(of: &head) { read(descriptor, $0.baseAddress, 3) }
        return isOpaque(count == 3 ? [head.0, head.1, head.2] : [])
    }

    /// Whether these first bytes start a JPEG.
    static func isOpaque(_ head: [UInt8]) -> Bool {
        head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF
    }
}
