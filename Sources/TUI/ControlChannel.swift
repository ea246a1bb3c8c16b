import Glibc

/// The `--control` named pipe (SPEC 6): created if missing, read without blocking. The channel
/// keeps a write end of its own open, so that writers may connect and disconnect any number of
/// times without the reader ever seeing end-of-file (which would make `poll` spin).
final class ControlChannel {
    /// Why the FIFO could not be used.
    enum OpenError: Error {
        case notAFIFO(String)
        case cannotCreate(String, errno: Int32)
        case cannotOpen(String, errno: Int32)
    }

    /// The descriptor to poll: readable when a command arrives.
    let descriptor: Int32
    private let keepAlive: Int32
    private var lines = LineBuffer()

    /// Opens the FIFO at `path`, creating it (mode 0600) if it does not exist.
    init(path: String) throws(OpenError) {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFIFO else { throw .notAFIFO(path) }
        } else if mkfifo(path, 0o600) != 0 {
            throw .cannotCreate(path, errno: errno)
        }
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard reader >= 0 else { throw .cannotOpen(path, errno: errno) }
        let writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard writer >= 0 else {
            let code = errno
            close(reader)
            throw .cannotOpen(path, errno: code)
        }
        descriptor = reader
        keepAlive = writer
    }

    deinit {
        close(descriptor)
        close(keepAlive)
    }

    /// Every complete command available now.
    func readCommands() -> [ControlCommand] {
        var commands: [ControlCommand] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for line in lines.append(buffer[0..<count]) where !line.trimmingWhitespace().isEmpty {
                commands.append(ControlCommand(line: line))
            }
        }
        return commands
    }
}
