import Glibc

/// The `--control` named pipe (SPEC 6): created if missing, read without blocking. Writers may
/// connect and disconnect any number of times: when the last one closes, the unfinished line (a
/// command sent without a newline) is taken as a command, and the FIFO is opened afresh, so that
/// `poll` does not report the hang-up for ever.
final class ControlChannel {
    /// Why the FIFO could not be used.
    enum OpenError: Error {
        case notAFIFO(String)
        case cannotCreate(String, errno: Int32)
        case cannotOpen(String, errno: Int32)
    }

    /// The descriptor to poll: readable when a command arrives or the last writer leaves.
    private(set) var descriptor: Int32
    private let path: String
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
        descriptor = reader
        self.path = path
    }

    deinit { close(descriptor) }

    private func reopen() {
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        close(descriptor)
        // If the FIFO was removed, stop listening (poll ignores -1) rather than spin on the hang-up.
        descriptor = reader
    }

    /// Every complete command available now.
    func readCommands() -> [ControlCommand] {
        var commands: [ControlCommand] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func take(_ line: String) {
            if !line.trimmingWhitespace().isEmpty { commands.append(ControlCommand(line: line)) }
        }
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count == 0 {
                // Every writer has gone: finish its last line and start over with a fresh FIFO end.
                if let last = lines.flush() { take(last) }
                reopen()
                break
            }
            guard count > 0 else { break }
            for line in lines.append(buffer[0..<count]) { take(line) }
        }
        return commands
    }
}
