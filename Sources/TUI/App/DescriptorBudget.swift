import Glibc

/// How many file descriptors the viewer needs before it opens anything: each peer, the self-pipes,
/// the terminal's own and the picture helper's. Checked once, up front, so that a small `ulimit -n`
/// is reported as what it is (not as an unknown terminal or a FIFO that "cannot be used").
enum DescriptorBudget {
    /// Enough for everything the viewer opens, with room to spare: events 1, control 1, watcher 1,
    /// reload pipe 2, signal pipe 2, watchdog pipe 2, terminal input 1, terminfo 1, picture helper 3.
    static let needed = 16

    /// Whether `count` more descriptors can be opened now: nil when they can, else the errno (EMFILE,
    /// ENFILE) that stopped it. The probe descriptors are closed again.
    static func check(_ count: Int = needed) -> Int32? {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        for _ in 0..<count {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return errno == EMFILE || errno == ENFILE ? errno : nil }
            opened.append(descriptor)
        }
        return nil
    }
}
