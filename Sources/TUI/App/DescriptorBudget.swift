import Glibc

/// How many file descriptors the viewer needs before it opens anything: each peer, the self-pipes,
/// the terminal's own and the picture helper's. Checked once, up front, so that a small `ulimit -n`
/// is reported as what it is (not as an unknown terminal or a FIFO that "cannot be used").
enum DescriptorBudget {
    /// Enough for everything the viewer opens, with room to spare: events 1, control 1, watcher 1,
    /// reload pipe 2, signal pipe 2, watchdog pipe 2, terminal input 1, curses' output 1, terminfo 1,
    /// the first frame's memory file and the terminal's copy 2 (until the first frame), picture helper 3,
    /// the terminal writer's pipe, terminal copy and non-blocking descriptor 3 (its pipe's write end
    /// takes the place of curses' output descriptor).
    static let needed = 22

    /// Whether `count` more descriptors can be opened now: nil when they can, else the errno (EMFILE,
    /// ENFILE) that stopped it. One probe opens /dev/null and the others duplicate it: a duplicate
    /// takes a descriptor as an open does, without looking up a path (fifteen fewer before the first
    /// frame). The probe descriptors are closed again.
    static func check(_ count: Int = needed) -> Int32? {
        guard count > 0 else { return nil }
        var opened: [Int32] = []
        opened.reserveCapacity(count)
        defer { for descriptor in opened { close(descriptor) } }
        let first = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard first >= 0 else { return errno == EMFILE || errno == ENFILE ? errno : nil }
        opened.append(first)
        for _ in 1..<count {
            let descriptor = fcntl(first, F_DUPFD_CLOEXEC, 0)
            guard descriptor >= 0 else { return errno == EMFILE || errno == ENFILE ? errno : nil }
            opened.append(descriptor)
        }
        return nil
    }
}
