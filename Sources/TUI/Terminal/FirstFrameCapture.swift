import Engine
import Glibc

/// Holds curses' output back until the first frame is complete, so that the terminal gets its
/// set-up, the first frame and what waits for it in one write. Setting up, curses writes three
/// times before anything is drawn (its start strings with `endwin`'s, then the keypad and the
/// cursor); each write lets the terminal's reader run while the frame is still being made, and the
/// frame came 1.8 ms later for it (Benchmarks/README.md, "Nothing before the first frame").
///
/// Curses writes to a descriptor of its own; while capturing, that descriptor is a file (in memory:
/// `CursesBackend` makes it with `memfd_create`; a file never blocks a writer, whatever a frame's
/// size). `end` points it back at the terminal and returns what curses wrote. The terminal's mode is set before the capture begins: changing it needs
/// the terminal itself, and a mode change curses tries meanwhile fails harmlessly.
struct FirstFrameCapture {
    /// Curses' output descriptor: the memory file until `end`, the terminal after.
    let descriptor: Int32
    /// The terminal, kept to point `descriptor` back at it.
    private let terminal: Int32
    private let memory: Int32

    /// Points `descriptor` at `memory`, an empty file this capture then owns; nil when `memory` is
    /// not a descriptor or cannot be put in place (curses then writes as it goes, as without this).
    static func begin(on descriptor: Int32, into memory: Int32) -> FirstFrameCapture? {
        guard memory >= 0 else { return nil }
        let terminal = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard terminal >= 0, dup2(memory, descriptor) >= 0 else {
            if terminal >= 0 { close(terminal) }
            close(memory)
            return nil
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return FirstFrameCapture(descriptor: descriptor, terminal: terminal, memory: memory)
    }

    /// Forgets what curses wrote so far (its start strings and `endwin`'s, which `CursesBackend.start`
    /// makes it write and then resumes from): otherwise the first frame's write entered the alternate
    /// screen, left it (showing the shell for a moment, seen under tmux) and entered it again.
    func discardWritten() {
        _ = ftruncate(memory, 0)
        _ = lseek(memory, 0, SEEK_SET)
    }

    /// Points `descriptor` back at the terminal and returns what was written to it meanwhile.
    func end() -> [UInt8] {
        var bytes: [UInt8] = []
        var info = stat()
        if fstat(memory, &info) == 0, info.st_size > 0 {
            bytes = [UInt8](repeating: 0, count: Int(info.st_size))
            var offset = 0
            while offset < bytes.count {
                let count = SystemCall.retrying {
                    bytes.withUnsafeMutableBytes { buffer in
                        pread(memory, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, off_t(offset))
                    }
                }
                if count <= 0 { break }
                offset += count
            }
            bytes.removeLast(bytes.count - offset)
        }
        while dup2(terminal, descriptor) < 0 && (errno == EINTR || errno == EBUSY) {}
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        close(terminal)
        close(memory)
        return bytes
    }
}
