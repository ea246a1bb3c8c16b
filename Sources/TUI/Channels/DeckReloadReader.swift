import Engine
import Glibc
import ViewerCore

/// Reads the deck file again for a reload (`r`, the `reload` command, `--watch`), refusing
/// anything that is not a regular file: a FIFO, a device or a socket put in the deck's place would
/// make `open` or `read` wait for a peer (issue 14). It never waits: `stat` decides before
/// anything is opened, the open is non-blocking, `fstat` checks what was opened, and at most
/// `DeckLimits.maximumFileSize` bytes are read. The caller decodes the bytes with
/// `DeckLoader.decode(_:baseDirectory:)`, off the main loop.
enum DeckReloadReader {
    /// Why the deck could not be read again (a value of ViewerCore, which the model takes).
    typealias Failure = DeckReloadFailure

    /// The deck's bytes, read whole.
    /// - Parameter path: the deck's path (not `-`: standard input cannot be read twice).
    /// - Parameter limit: the most bytes accepted.
    static func read(path: String, limit: Int = DeckLimits.maximumFileSize) -> Result<[UInt8], Failure> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(.load(openError(path, SystemError.current()))) }
        if let refusal = refusal(path, status, limit: limit) { return .failure(refusal) }
        let descriptor = SystemCall.retrying { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else { return .failure(.load(openError(path, SystemError.current()))) }
        defer { close(descriptor) }
        // The path may have changed between `stat` and `open`: decide again on what was opened.
        guard fstat(descriptor, &status) == 0 else {
            return .failure(.load(.readFailed(path, errno: SystemError.current().code)))
        }
        if let refusal = refusal(path, status, limit: limit) { return .failure(refusal) }
        return readAll(descriptor, path: path, expected: Int(status.st_size), limit: limit)
    }

    /// Why a file with this status is refused, if it is.
    private static func refusal(_ path: String, _ status: stat, limit: Int) -> Failure? {
        switch FileType(mode: status.st_mode) {
        case .regular: return Int(status.st_size) > limit ? .load(.tooLarge(path, limit: limit)) : nil
        case .directory: return .load(.isDirectory(path))
        case let other: return .notARegularFile(path, found: other)
        }
    }

    /// Reads to the end of a regular file, refusing it once more than `limit` bytes arrived (it grew).
    private static func readAll(_ descriptor: Int32, path: String, expected: Int, limit: Int)
        -> Result<[UInt8], Failure> {
        // One byte more than the size, so that the end of file is seen without growing the buffer.
        var bytes = [UInt8](repeating: 0, count: min(expected, limit) + 1)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else { return .failure(.load(.tooLarge(path, limit: limit))) }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count)))
            }
            let count = SystemCall.retrying {
                bytes.withUnsafeMutableBytes { buffer in
                    Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
                }
            }
            if count == 0 { break }
            guard count > 0 else { return .failure(.load(.readFailed(path, errno: errno))) }
            filled += count
        }
        bytes.removeLast(bytes.count - filled)
        return .success(bytes)
    }

    private static func openError(_ path: String, _ error: SystemError) -> DeckLoadError {
        switch error.code {
        case ENOENT, ENOTDIR: return .notFound(path)
        case EACCES, EPERM: return .permissionDenied(path)
        default: return .cannotOpen(path, errno: error.code)
        }
    }
}
