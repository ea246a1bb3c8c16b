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

    /// Whether `count` more descriptors can be opened now: nil when they can, else the errno (EMFILE) that
    /// says why not. The limit (`RLIMIT_NOFILE`) less the descriptors open below it, counted in
    /// /proc/self/fd: six system calls, where opening `count` descriptors and closing them again took
    /// 44 before the first frame. Without /proc, the descriptors are opened and closed (`probe`).
    static func check(_ count: Int = needed) -> Int32? {
        guard count > 0 else { return nil }
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return probe(count) }
        let soft = limit.rlim_cur
        switch openDescriptors(below: soft) {
        case .counted(let open): return soft >= rlim_t(open) + rlim_t(count) ? nil : EMFILE
        case .failed(let code): return code
        case .unknown: return probe(count)
        }
    }

    /// What counting the open descriptors gave.
    private enum Count {
        case counted(Int)
        /// The folder could not be opened for want of a descriptor: that errno.
        case failed(Int32)
        /// No /proc (or another failure): not known.
        case unknown
    }

    /// The descriptors open below `limit`, not counting the folder's own.
    private static func openDescriptors(below limit: rlim_t) -> Count {
        guard let folder = opendir("/proc/self/fd") else {
            return errno == EMFILE || errno == ENFILE ? .failed(errno) : .unknown
        }
        defer { closedir(folder) }
        let own = dirfd(folder)
        var open = 0
        while let entry = readdir(folder) {
            let number = withUnsafeBytes(of: entry.pointee.d_name) { name -> Int? in
                Int(String(decoding: name.prefix { $0 != 0 }, as: UTF8.self))
            }
            guard let number, number != Int(own), rlim_t(number) < limit else { continue }
            open += 1
        }
        return .counted(open)
    }

    /// Opens `count` descriptors (one of /dev/null, duplicated) and closes them again: nil when they could
    /// be had, else the errno (EMFILE, ENFILE) that stopped it.
    private static func probe(_ count: Int) -> Int32? {
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
