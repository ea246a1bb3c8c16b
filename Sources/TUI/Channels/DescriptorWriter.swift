import Glibc

/// Writes a whole string to a file descriptor: retries after EINTR and short writes, gives up
/// quietly when the descriptor is gone (a closed pipe or terminal).
enum DescriptorWriter {
    /// Writes every byte of `text`, or as many as the descriptor takes before an error.
    static func writeAll(_ descriptor: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
