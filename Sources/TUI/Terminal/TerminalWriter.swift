import Engine
import Glibc
import Synchronization

/// The one thread that writes to the terminal, so that the loop never does: curses' output descriptor and
/// the backend's own bytes go into a pipe of `capacity` bytes (the bounded queue), and this thread copies
/// what arrives to the terminal, blocking there in the loop's stead. A terminal that stops reading
/// (Ctrl-S, a stalled link) then stalls only this thread: the loop goes on reading keys, so `q` and the
/// signals are answered, and nothing waits longer than `finish(within:)` on the way out. The loop
/// blocks only once `capacity` bytes wait, far more than any frame (a bar step is a few bytes).
///
/// One pipe write of a frame is read whole (the kernel copies a write under the pipe's lock), and written to
/// the terminal in writes of `chunkBytes`, so that the bytes in flight (`queuedBytes`: the pipe's and those the
/// thread holds, an atomic count it lowers as the terminal takes them) and the terminal's speed (`throughput`,
/// timed on those writes) are known between frames: a picture's pieces are sized by them (docs/IMAGES.md,
/// "Pieces sized by the terminal's speed").
final class TerminalWriter: @unchecked Sendable {
    /// The pipe's size asked for: 1 MiB, the default `fs.pipe-max-size` (else the kernel's 64 KiB).
    static let capacity = 1 << 20

    /// `F_SETPIPE_SZ` (Linux; glibc declares it only under _GNU_SOURCE).
    private static let setPipeSize: Int32 = 1031

    private let readEnd: Int32
    private let terminal: Int32
    /// Curses' output descriptor, the pipe's write end (`start`'s `descriptor`).
    private let pipeEnd: Int32
    /// Main thread only: the copying thread was started (`startCopying`), or could not be (`abandon`).
    private var copying = false
    private var abandoned = false
    /// The terminal opened again, non-blocking, for `writeDirectly` (-1 when it could not be).
    private var direct: Int32
    /// `direct` is a terminal: a write there never raises SIGPIPE (a pipe or socket would), so a bar step's
    /// write needs no blocking of it around (three system calls a step, issue 24).
    private let directIsTerminal: Bool
    /// Held while bytes are taken from the pipe and written, and by `writeDirectly`.
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let busy = Atomic<Bool>(false)
    private let done = Atomic<Bool>(false)
    /// Bytes the thread read from the pipe that the terminal has not yet taken.
    private let held = Atomic<Int>(0)
    /// How fast the terminal takes bytes (the thread times its writes).
    private let speed = Mutex(TerminalThroughput())
    /// Main thread only: the pipe was empty at the last bar step's direct write and nothing was written
    /// into it since (`writeDirectly(_:pipe:quiet:)`), so the next quiet one needs no FIONREAD.
    private var pipeKnownEmpty = false
    /// The most bytes of one write to the terminal.
    static let chunkBytes = 32 << 10

    /// Points `descriptor` (curses' output descriptor) at a new pipe whose bytes go to `terminal`; nil when no
    /// pipe or descriptor can be had (then nothing changed, and output goes to the terminal as it comes). The
    /// thread that copies the pipe starts later (`startCopying`).
    static func start(replacing descriptor: Int32, terminal: Int32) -> TerminalWriter? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let copy = fcntl(terminal, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0, dup2(ends[1], descriptor) >= 0 else {
            if copy >= 0 { close(copy) }
            close(ends[0])
            close(ends[1])
            return nil
        }
        close(ends[1])
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(descriptor, Self.setPipeSize, Int32(capacity))
        return TerminalWriter(readEnd: ends[0], terminal: copy, pipeEnd: descriptor)
    }

    /// Starts the thread that copies the pipe to the terminal, once (main thread only). The backend calls it
    /// right after the first frame, which the loop writes itself (`writeDirectly`): no thread is created, and
    /// no `munmap` of the start has to wait for another core to flush its TLB, before the first frame is out
    /// (Benchmarks/README.md, "The first frame: lld, metadata accessors, threads after it"). `drain` and
    /// `finish` start it too. False when no thread can be had: the bytes in the pipe are then written out here
    /// and curses' descriptor points at the terminal again, so output goes to the terminal as it comes.
    @discardableResult
    func startCopying() -> Bool {
        guard !copying else { return true }
        guard !abandoned else { return false }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        guard pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<TerminalWriter>.fromOpaque(context).takeRetainedValue().copyUntilClosed()
            return nil
        }, context) == 0 else {
            Unmanaged<TerminalWriter>.fromOpaque(context).release()
            abandon()
            return false
        }
        pthread_detach(thread)
        copying = true
        return true
    }

    /// No thread: what waits in the pipe goes to the terminal now, and curses writes to the terminal from here
    /// (the pipe's read end stays with the writer, empty, so `queuedBytes` is 0 and `writeDirectly` declines).
    private func abandon() {
        var waiting: Int32 = 0
        if ioctl(readEnd, UInt(FIONREAD), &waiting) == 0, waiting > 0 {
            var buffer = [UInt8](repeating: 0, count: Int(waiting))
            let count = SystemCall.retrying { read(readEnd, &buffer, buffer.count) }
            if count > 0 { _ = DescriptorWriter.writeAll(terminal, Array(buffer[..<count])) }
        }
        _ = dup2(terminal, pipeEnd)
        _ = fcntl(pipeEnd, F_SETFD, FD_CLOEXEC)
        if direct >= 0 { close(direct) }
        direct = -1
        abandoned = true
        done.store(true, ordering: .sequentiallyConsistent)
    }

    private init(readEnd: Int32, terminal: Int32, pipeEnd: Int32) {
        self.readEnd = readEnd
        self.terminal = terminal
        self.pipeEnd = pipeEnd
        // A description of its own (the shell's stdout keeps its flags): O_NONBLOCK only here.
        direct = SystemCall.retrying { open("/proc/self/fd/\(terminal)", O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        directIsTerminal = direct >= 0 && isatty(direct) == 1
        lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
    }

    /// Copies the pipe to the terminal until every write end is closed. Bytes are taken from the pipe
    /// only under `lock`, so that `writeDirectly` never overtakes them.
    private func copyUntilClosed() {
        // Not zeroed: a 1 MiB buffer is mapped on its own, and only the pages a read fills become resident
        // (a text deck's frames touch a few; zeroing it made the whole MiB resident in every run).
        var buffer = [UInt8](unsafeUninitializedCapacity: Self.capacity) { _, count in count = Self.capacity }
        var slot = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        while SystemCall.retrying({ poll(&slot, 1, -1) }) > 0 {
            pthread_mutex_lock(lock)
            let count = SystemCall.retrying { read(readEnd, &buffer, buffer.count) }
            if count > 0 {
                busy.store(true, ordering: .sequentiallyConsistent)
                held.store(count, ordering: .sequentiallyConsistent)
                deliver(buffer, count: count)
                held.store(0, ordering: .sequentiallyConsistent)
                busy.store(false, ordering: .sequentiallyConsistent)
            }
            pthread_mutex_unlock(lock)
            guard count > 0 else { break }
        }
        pthread_mutex_lock(lock)
        if direct >= 0 { close(direct) }
        direct = -1
        pthread_mutex_unlock(lock)
        close(readEnd)
        close(terminal)
        done.store(true, ordering: .sequentiallyConsistent)
    }

    /// Writes the first `count` bytes of `buffer` to the terminal, `chunkBytes` at a time, each write timed
    /// for `throughput` and taken off `held`. A terminal that is gone: the rest is dropped, so that writers
    /// never wait.
    private func deliver(_ buffer: [UInt8], count: Int) {
        var offset = 0
        while offset < count {
            let end = min(count, offset + Self.chunkBytes)
            let start = MonotonicClock.now()
            let failed = DescriptorWriter.writeAll(terminal, Array(buffer[offset..<end])) != nil
            let seconds = MonotonicClock.now() - start
            speed.withLock { $0.took(bytes: end - offset, seconds: seconds) }
            held.subtract(end - offset, ordering: .sequentiallyConsistent)
            offset = end
            if failed { break }
        }
    }

    /// Writes `bytes` (the backend's own: a bar step's cell) to the terminal at once when nothing waits
    /// before them and the terminal takes them now (a descriptor of its own, non-blocking), sparing the
    /// thread a wake-up; what it does not take goes into the pipe after. False when the bytes must go into
    /// the pipe instead (the thread is writing, or bytes wait there).
    ///
    /// `quiet`: the bytes are a bar step's, and nothing but bar steps was written since the last one
    /// (`CursesBackend.writeShortcut`; every other write, curses' included, is followed by a `forgetEmpty`).
    /// When the last quiet write found the pipe empty and wrote everything, the pipe is still empty (only
    /// this thread writes into it, and the thread is not writing: the lock is held), so no FIONREAD is
    /// made: a quiet bar step is one write and the loop's poll, as the limit program's (issue 24).
    func writeDirectly(_ bytes: [UInt8], pipe: Int32, quiet: Bool = false) -> Bool {
        bytes.withUnsafeBytes { writeDirectly($0, pipe: pipe, quiet: quiet) }
    }

    /// `writeDirectly` of bytes in place (a quiet run's step, `QuietRunBytes`): nothing is copied.
    func writeDirectly(_ bytes: UnsafeRawBufferPointer, pipe: Int32, quiet: Bool = false) -> Bool {
        let knownEmpty = quiet && pipeKnownEmpty
        pipeKnownEmpty = false
        guard pthread_mutex_trylock(lock) == 0 else { return false }
        defer { pthread_mutex_unlock(lock) }
        var waiting: Int32 = 0
        guard direct >= 0, knownEmpty || (ioctl(readEnd, UInt(FIONREAD), &waiting) == 0 && waiting == 0) else { return false }
        var taken = 0
        while taken < bytes.count {
            if directIsTerminal {
                let count = write(direct, bytes.baseAddress.map { $0 + taken }, bytes.count - taken)
                if count > 0 {
                    taken += count
                    continue
                }
                if count < 0, errno == EINTR { continue }
                break
            }
            let attempt = DescriptorWriter.writeOnce(direct, UnsafeRawBufferPointer(rebasing: bytes[taken...]))
            guard case .wrote(let count) = attempt else { break }
            taken += count
        }
        if taken < bytes.count {
            _ = DescriptorWriter.writeAll(pipe, Array(bytes[taken...]))
        } else {
            pipeKnownEmpty = quiet
        }
        return true
    }

    /// Where a quiet run may write its steps itself (`c_quiet_run`): the terminal's own descriptor and the lock
    /// `writeDirectly` takes, only while the pipe is known empty (the last write was a quiet step's, written
    /// whole) and the descriptor is a terminal; nil otherwise (the steps then go through `writeDirectly`). The
    /// run's whole writes leave the pipe as empty as they found it.
    var quietTarget: (descriptor: Int32, lock: UnsafeMutablePointer<pthread_mutex_t>)? {
        pipeKnownEmpty && direct >= 0 && directIsTerminal ? (direct, lock) : nil
    }

    /// Something other than a quiet bar step may have written into the pipe (curses, a picture): the next
    /// direct write asks the pipe first.
    func forgetEmpty() { pipeKnownEmpty = false }

    /// How many bytes wait for the terminal: in the pipe, and read by the thread but not yet taken.
    var queuedBytes: Int {
        var waiting: Int32 = 0
        let piped = ioctl(readEnd, UInt(FIONREAD), &waiting) == 0 ? Int(waiting) : 0
        return piped + held.load(ordering: .sequentiallyConsistent)
    }

    /// How fast the terminal is believed to take bytes.
    var throughput: TerminalThroughput { speed.withLock { $0 } }

    /// Whether everything written so far has reached the terminal.
    var isDrained: Bool {
        var waiting: Int32 = 0
        return !busy.load(ordering: .sequentiallyConsistent) && ioctl(readEnd, UInt(FIONREAD), &waiting) == 0 && waiting == 0
    }

    /// Waits until everything written so far has reached the terminal, or `seconds` have passed (a
    /// suspend: the shell must find the terminal restored). True when it has.
    @discardableResult
    func drain(within seconds: Double) -> Bool {
        startCopying()
        // Twice, a millisecond apart: the thread may have taken bytes from the pipe and not yet said so.
        return wait(seconds) { writer in
            guard !writer.done.load(ordering: .sequentiallyConsistent) else { return true }
            guard writer.isDrained else { return false }
            usleep(1000)
            return writer.isDrained
        }
    }

    /// After the last write end is closed: waits at most `seconds` for the thread to deliver the rest
    /// and end; past that, what the terminal has not taken is given up (the thread ends with the process).
    @discardableResult
    func finish(within seconds: Double) -> Bool {
        startCopying()
        return wait(seconds) { $0.done.load(ordering: .sequentiallyConsistent) }
    }

    private func wait(_ seconds: Double, until condition: (TerminalWriter) -> Bool) -> Bool {
        let end = MonotonicClock.now() + seconds
        while !condition(self) {
            guard MonotonicClock.now() < end else { return false }
            usleep(1000)
        }
        return true
    }
}
