import ViewerCore
import Engine
import Glibc

/// `--events FILE` (the man page, EVENTS): lifecycle events as JSON lines, written without ever waiting for the
/// reader. Lines wait in a queue bounded in bytes; the loop polls `descriptor` for `POLLOUT` while
/// `wantsWrite` and calls `flush()`, which writes what the peer takes now.
///
/// A reader that stalls costs at most `queueLimit` bytes: once the queue is full, new lines are
/// dropped whole and counted until the reader has taken everything queued; then one
/// `{"t":…,"event":"dropped","count":N}` line says how many are missing, where they are missing
/// (`t` is the time of the last one dropped). A write that fails for another reason than "try
/// again" (`EPIPE`, `ENOSPC`, `EFBIG`, `EIO`) is kept in `failure`, once, and nothing more is
/// written. A line is in a regular file whole or not at all: when the failure comes after part of a
/// line was taken (a full disk takes what fits), the file is cut back to that line's start.
final class EventLog {
    /// The default bound of the queue: 1 MiB (about 15 000 lines).
    static let defaultQueueLimit = 1 << 20
    /// The most bytes handed to one `write`.
    static let writeChunk = 65_536

    /// The descriptor to poll for `POLLOUT` while `wantsWrite` is true.
    let descriptor: Int32
    /// The path as given by the user.
    let path: String
    /// The first write failure; nothing is written after it.
    private(set) var failure: ChannelFailure?
    /// Lines dropped since the start: left out while the reader stalled, or still queued when
    /// `finish` gave up.
    private(set) var droppedTotal = 0
    /// What the `ready` line says of the terminal (`EventLine.readyFacts`), set once it is known.
    var readyFacts = ""
    /// While the terminal is asked how it draws pictures (one round trip, at most 0.2 s), lines are held,
    /// so that `ready` can say what was chosen (`holdUntilReadyFacts`, `release(readyFacts:)`).
    private var held: [HeldLine]?
    /// The most lines held; later ones go out at once (a bound, never reached in a round trip).
    static let heldLimit = 256

    private enum HeldLine {
        case events([LifecycleEvent])
        case error(String, Double)
    }

    private let origin: Double
    private let queueLimit: Int
    private var queue = ByteQueue()
    /// Lines dropped since the last `dropped` line; while above zero, new lines are dropped too.
    private var droppedSinceNotice = 0
    private var lastDroppedTime = 0.0
    /// Bytes of the line being written that the file has already taken (0 between lines).
    private var partialLineBytes = 0

    private init(descriptor: Int32, path: String, origin: Double, queueLimit: Int) {
        self.descriptor = descriptor
        self.path = path
        self.origin = origin
        self.queueLimit = queueLimit
    }

    deinit { close(descriptor) }

    /// Opens (creating it with mode 0644 if needed) the file for appending, without blocking.
    ///
    /// A FIFO that no process reads is refused at once with `.noReader` (the open would otherwise
    /// wait for a reader), a block device with `.wrongType`; the program reports it and exits 74
    /// before taking the screen.
    /// - Parameter origin: the time that `t` counts from (the program's start).
    /// - Parameter queueLimit: the most bytes kept for a stalled reader.
    static func open(path: String, origin: Double, queueLimit: Int = defaultQueueLimit)
        -> Result<EventLog, ChannelFailure> {
        let descriptor = SystemCall.retrying {
            Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o644)
        }
        guard descriptor >= 0 else {
            let error = SystemError.current()
            let reason: ChannelFailure.Reason = error.code == ENXIO ? .noReader : .cannotOpen(error)
            return .failure(ChannelFailure(channel: .events, path: path, reason: reason))
        }
        // Checked before a byte is written: a regular file, a FIFO with its reader, a character device
        // (a terminal, /dev/null) take lines; a block device (a disk) never gets them.
        if case .success(let found) = FileType.of(descriptor: descriptor), found == .blockDevice {
            close(descriptor)
            return .failure(ChannelFailure(channel: .events, path: path, reason: .wrongType(found)))
        }
        return .success(EventLog(descriptor: descriptor, path: path, origin: origin, queueLimit: queueLimit))
    }

    /// Whether bytes wait for the reader (and no write failed): poll `descriptor` for `POLLOUT`.
    var wantsWrite: Bool { failure == nil && !queue.isEmpty }

    /// How many bytes wait for the reader (at most `queueLimit` plus one `dropped` line).
    var queuedBytes: Int { queue.count }

    /// Holds every line from now until `release(readyFacts:)`.
    func holdUntilReadyFacts() { held = held ?? [] }

    /// Sets what `ready` says and queues the lines held meanwhile, in order.
    func release(readyFacts facts: String) {
        readyFacts = facts
        guard let lines = held else { return }
        held = nil
        for line in lines {
            switch line {
            case .events(let events): enqueue(events)
            case .error(let message, let time): enqueueError(message, at: time)
            }
        }
    }

    /// Queues lifecycle events, one line each; never writes, never waits.
    func enqueue(_ events: [LifecycleEvent]) {
        if held != nil, (held?.count ?? 0) < Self.heldLimit {
            held?.append(.events(events))
            return
        }
        for event in events {
            enqueue(line: EventLine.lifecycle(event, origin: origin, readyFacts: readyFacts), at: event.time)
        }
    }

    /// Queues an `error` line (an ignored control line, a channel that stopped); never waits.
    /// - Parameter message: English prose.
    func enqueueError(_ message: String, at time: Double) {
        if held != nil, (held?.count ?? 0) < Self.heldLimit {
            held?.append(.error(message, time))
            return
        }
        enqueue(line: EventLine.error(message, at: time, origin: origin), at: time)
    }

    private func enqueue(line: String, at time: Double) {
        guard failure == nil else { return }
        noteCaughtUp()
        let size = line.utf8.count + 1
        guard droppedSinceNotice == 0, queue.count + size <= queueLimit else {
            droppedSinceNotice += 1
            droppedTotal += 1
            lastDroppedTime = time
            return
        }
        queue.append(line.utf8)
        queue.append(CollectionOfOne(0x0A))
    }

    /// Once the reader has taken everything queued after a drop, the `dropped` line goes first.
    private func noteCaughtUp() {
        guard droppedSinceNotice > 0, queue.isEmpty else { return }
        queue.append(EventLine.dropped(droppedSinceNotice, at: lastDroppedTime, origin: origin).utf8)
        queue.append(CollectionOfOne(0x0A))
        droppedSinceNotice = 0
    }

    /// Writes what the reader takes now, without waiting: stops at "try again" (the rest waits for
    /// the next `POLLOUT`) or at a failure (kept in `failure`). Work is bounded by the queue.
    func flush() {
        while failure == nil {
            noteCaughtUp()
            guard !queue.isEmpty else { return }
            let attempt = queue.withFront(upTo: Self.writeChunk) { DescriptorWriter.writeOnce(descriptor, $0) }
            switch attempt {
            case .wrote(let count):
                let lastEnd = queue.withFront(upTo: count) { $0.lastIndex(of: 0x0A) }
                partialLineBytes = lastEnd.map { count - $0 - 1 } ?? partialLineBytes + count
                queue.removeFirst(count)
            case .wouldBlock:
                return
            case .failed(let error):
                failure = ChannelFailure(channel: .events, path: path, reason: .cannotWrite(error))
                queue.removeAll()
                cutPartialLine()
            }
        }
    }

    /// Cuts the start of a line that a failed write left in a regular file (a FIFO's reader has it
    /// already: nothing can take it back there).
    private func cutPartialLine() {
        guard partialLineBytes > 0 else { return }
        var status = stat()
        guard fstat(descriptor, &status) == 0, FileType(mode: status.st_mode) == .regular,
            status.st_size >= off_t(partialLineBytes) else { return }
        _ = SystemCall.retrying { ftruncate(descriptor, status.st_size - off_t(partialLineBytes)) }
        partialLineBytes = 0
    }

    /// A last, bounded effort at exit: writes while the reader takes bytes, until the queue is
    /// empty, a write fails or `clock()` reaches `deadline` (pass `now + 0.1`). Lines still queued
    /// then are counted in `droppedTotal` and forgotten.
    /// - Parameter deadline: when to give up, on `clock`'s scale.
    /// - Parameter clock: the monotonic clock (a test passes its own).
    func finish(until deadline: Double, clock: () -> Double) {
        // Ended before the terminal answered: the lines held go out with what was known.
        release(readyFacts: readyFacts)
        flush()
        while wantsWrite {
            let remaining = deadline - clock()
            guard remaining > 0 else { break }
            var slot = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&slot, 1, Int32(min(1000, (remaining * 1000).rounded(.up))))
            flush()
        }
        guard failure == nil else { return }
        droppedTotal += queue.lineCount
        queue.removeAll()
    }
}
