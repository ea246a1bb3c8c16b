import Engine
import Glibc
import ViewerCore

/// The `--control` named pipe (the man page, CONTROL), read without ever waiting for a writer.
///
/// Created (mode 0600) if missing. Writers may connect and disconnect any number of times: when
/// the last one leaves, its unfinished line counts as a command and the FIFO is opened afresh by
/// name, so that `poll` does not report the hang-up for ever. Every (re)open checks what the path
/// holds now — `lstat`, then `open` with `O_NOFOLLOW | O_NONBLOCK`, then `fstat` — and accepts
/// only a FIFO: a regular file, a folder, a symbolic link (to `/dev/zero` or anything) or a
/// missing path makes the channel stop listening, reported once. One `read()` takes at most
/// `readLimit` bytes; the rest waits for the next wake-up. A line over `lineLimit` bytes is dropped
/// and reported.
final class ControlChannel {
    /// The most bytes one `read()` takes.
    static let readLimit = 65_536
    /// The most bytes a command line may hold.
    static let lineLimit = 4096

    /// The descriptor to poll for `POLLIN` (readable when a line arrives or the last writer leaves);
    /// -1 once the channel stopped listening (`poll` skips it).
    private(set) var descriptor: Int32
    /// The path as given by the user.
    let path: String
    private var lines = LineBuffer(limit: lineLimit)

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { stop() }

    /// Opens the FIFO at `path`, creating it (mode 0600) if nothing is there.
    /// - Returns: the channel, or why not: `.wrongType` when the path holds something else than a
    ///   FIFO (a symbolic link included), `.cannotOpen` with the errno of `mkfifo` or `open`.
    static func open(path: String) -> Result<ControlChannel, ChannelFailure> {
        var status = stat()
        if lstat(path, &status) != 0 {
            let error = SystemError.current()
            guard error.code == ENOENT else { return .failure(failure(path, .cannotOpen(error))) }
            if mkfifo(path, 0o600) != 0 && errno != EEXIST {
                return .failure(failure(path, .cannotOpen(SystemError.current())))
            }
        }
        return openFIFO(path).map { ControlChannel(path: path, descriptor: $0) }
    }

    /// Whether the channel still listens.
    var isListening: Bool { descriptor >= 0 }

    /// Reads what is available now, at most `readLimit` bytes: each complete command in order, and
    /// each problem as a failure (a line too long; the path no longer a FIFO, after which the
    /// channel stops listening and every later call returns nothing).
    func read() -> [Result<ControlCommand, ChannelFailure>] {
        var results: [Result<ControlCommand, ChannelFailure>] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var taken = 0
        while descriptor >= 0 && taken < Self.readLimit {
            let count = SystemCall.retrying {
                buffer.withUnsafeMutableBytes { bytes in
                    Glibc.read(descriptor, bytes.baseAddress, min(bytes.count, Self.readLimit - taken))
                }
            }
            if count > 0 {
                taken += count
                for line in lines.append(buffer[0..<count]) { take(line, into: &results) }
            } else if count == 0 {
                // Every writer has gone: finish its last line and start over with a fresh FIFO end.
                if let last = lines.flush() { take(last, into: &results) }
                reopen(into: &results)
                break
            } else {
                let error = SystemError.current()
                if error.code != EAGAIN && error.code != EWOULDBLOCK {
                    results.append(.failure(Self.failure(path, .cannotRead(error))))
                    stop()
                }
                break
            }
        }
        return results
    }

    private func take(_ line: LineBuffer.Line, into results: inout [Result<ControlCommand, ChannelFailure>]) {
        switch line {
        case .complete(let text):
            if !text.trimmingWhitespace().isEmpty { results.append(.success(ControlCommand(line: text))) }
        case .tooLong:
            results.append(.failure(Self.failure(path, .lineTooLong(limit: Self.lineLimit))))
        }
    }

    private func reopen(into results: inout [Result<ControlCommand, ChannelFailure>]) {
        stop()
        switch Self.openFIFO(path) {
        case .success(let fresh): descriptor = fresh
        case .failure(let failure): results.append(.failure(failure))
        }
    }

    private func stop() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// Opens the FIFO for reading without waiting for a writer, if the path still holds one.
    private static func openFIFO(_ path: String) -> Result<Int32, ChannelFailure> {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .failure(failure(path, .cannotOpen(SystemError.current()))) }
        // Checked before opening, so that a device put in its place is never opened.
        let found = FileType(mode: status.st_mode)
        guard found == .fifo else { return .failure(failure(path, .wrongType(found))) }
        let descriptor = SystemCall.retrying { Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY) }
        guard descriptor >= 0 else {
            let error = SystemError.current()
            return .failure(failure(path, error.code == ELOOP ? .wrongType(.symbolicLink) : .cannotOpen(error)))
        }
        // Checked again on what was opened: the path may have changed in between.
        switch FileType.of(descriptor: descriptor) {
        case .success(.fifo):
            return .success(descriptor)
        case .success(let other):
            close(descriptor)
            return .failure(failure(path, .wrongType(other)))
        case .failure(let error):
            close(descriptor)
            return .failure(failure(path, .cannotOpen(error)))
        }
    }

    private static func failure(_ path: String, _ reason: ChannelFailure.Reason) -> ChannelFailure {
        ChannelFailure(channel: .control, path: path, reason: reason)
    }
}
