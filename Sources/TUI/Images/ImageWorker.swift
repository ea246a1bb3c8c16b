import CImages
import Engine
import Glibc

/// The viewer's side of the helper process: jobs go in with `submit`, replies come out of `receive`
/// once `descriptor` is readable (or `nextDeadline` has passed). Never blocks: the socket is
/// non-blocking, partial replies wait in a buffer, and one job is with the helper at a time (the
/// others queue here, so a job can still be cancelled and the socket never fills).
///
/// The helper is started on the first job and again after it dies: the job it was doing fails with
/// `helperFailed`, the queue goes on with a fresh one. It is killed by `stop()` and on deinit.
///
/// "Out of memory" is the helper's state, not the picture's verdict (a long-lived helper's heap may be
/// fragmented by what came before): such a job is done again, once, in a fresh helper, and only that
/// second answer is handed out (so `--check` and playing agree, and the viewer caches no accident).
final class ImageWorker {
    /// A job's answer, with the id `submit` gave it.
    struct Reply: Sendable {
        let id: UInt32
        let job: ImageJob
        let outcome: ImageJobOutcome
    }

    /// The program started as helper: this very binary by default.
    let executable: String
    let limits: ImageWorkerLimits

    private var process: pid_t = 0
    private var socket: Int32 = -1
    private var queue: [(id: UInt32, job: ImageJob)] = []
    private var inFlight: (id: UInt32, job: ImageJob, since: Double)?
    private var unsent: [UInt8] = []
    private var received: [UInt8] = []
    private var nextID: UInt32 = 1
    /// Replies made without the helper (it could not start), handed out by the next `receive`.
    private var localReplies: [Reply] = []
    /// Jobs already done again in a fresh helper after running out of memory.
    private var retried: Set<UInt32> = []
    /// Helpers started so far (for tests and the report).
    private(set) var starts = 0

    /// The helper's process id, 0 while none runs.
    var processID: pid_t { process }

    init(executable: String = "/proc/self/exe", limits: ImageWorkerLimits = .standard) {
        self.executable = executable
        self.limits = limits
    }

    deinit { stop() }

    /// The descriptor to poll for input, -1 while no helper runs.
    var descriptor: Int32 { socket }

    /// When `receive` must be called even if `descriptor` stays quiet (monotonic seconds): the job
    /// with the helper has then waited too long. 0 when replies are ready already (the helper could
    /// not be started, or a path was too long to send).
    var nextDeadline: Double? {
        if !localReplies.isEmpty { return 0 }
        return inFlight.map { $0.since + limits.wallSeconds }
    }

    /// Whether no job is queued or in progress.
    var isIdle: Bool { inFlight == nil && queue.isEmpty && localReplies.isEmpty }

    /// Queues a job; returns its id, which its reply carries. Cheap: at most one small write.
    @discardableResult
    func submit(_ job: ImageJob, now: Double = MonotonicClock.now()) -> UInt32 {
        let id = nextID
        nextID = nextID == UInt32.max ? 1 : nextID + 1
        queue.append((id, job))
        sendNext(now: now)
        return id
    }

    /// Drops queued jobs that `keep` refuses (the one with the helper goes on); returns their ids,
    /// which get no reply.
    @discardableResult
    func cancelQueued(keeping keep: (ImageJob) -> Bool = { _ in false }) -> [UInt32] {
        let dropped = queue.filter { !keep($0.job) }.map(\.id)
        queue.removeAll { !keep($0.job) }
        return dropped
    }

    /// The replies complete so far, in order; a dead, broken or overdue helper fails its job here.
    func receive(now: Double = MonotonicClock.now()) -> [Reply] {
        var replies = localReplies
        localReplies.removeAll()
        var problem: String?
        if socket >= 0 {
            let readProblem = readAvailable()
            while let payload = takeFrame(&problem) {
                guard let (id, outcome) = ImageWire.parseReply(payload), let job = inFlight, job.id == id else {
                    problem = "the image helper sent a malformed reply"
                    break
                }
                inFlight = nil
                if Self.ranOutOfMemory(outcome), retried.insert(id).inserted {
                    // Once more, first in line, in a helper that has done nothing else.
                    _ = terminate()
                    queue.insert((id, job.job), at: 0)
                    break
                }
                retried.remove(id)
                replies.append(Reply(id: id, job: job.job, outcome: outcome))
            }
            problem = problem ?? readProblem
        }
        if problem == nil, let job = inFlight, now - job.since > limits.wallSeconds {
            problem = "the image helper took longer than \(Int(limits.wallSeconds)) s"
        }
        if let problem {
            let ending = terminate()
            if let job = inFlight {
                replies.append(Reply(id: job.id, job: job.job, outcome: .failed(.helperFailed(ending.map { "\(problem) (\($0))" } ?? problem))))
            }
            inFlight = nil
        }
        sendNext(now: now)
        return replies
    }

    /// Waits (blocking, for `--check`) until every job has a reply or `timeout` seconds have passed.
    func wait(timeout: Double) -> [Reply] {
        let end = MonotonicClock.now() + timeout
        var replies = receive()
        while !isIdle {
            let now = MonotonicClock.now()
            guard now < end else { break }
            var descriptors = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
            let wake = min(end, nextDeadline ?? end)
            _ = poll(&descriptors, 1, Int32(max(1, min(1000, (wake - now) * 1000))))
            replies += receive()
        }
        return replies
    }

    /// Whether a job failed for want of memory in the helper (the decoders' and libpng's words).
    static func ranOutOfMemory(_ outcome: ImageJobOutcome) -> Bool {
        guard case let .failed(.undecodable(reason)) = outcome else { return false }
        let lowered = reason.lowercased()
        return lowered.includes("out of memory") || lowered.includes("insufficient memory")
    }

    /// Kills the helper (if any) and forgets every job.
    func stop() {
        retried.removeAll()
        queue.removeAll()
        inFlight = nil
        localReplies.removeAll()
        _ = terminate()
    }

    // MARK: the helper's life

    /// Sends the next queued job when the helper is free, starting a helper if needed.
    private func sendNext(now: Double) {
        flush()
        while inFlight == nil, !queue.isEmpty {
            let next = queue.removeFirst()
            guard let frame = ImageWire.request(next.job, id: next.id) else {
                // A path too long to send (or holding a NUL): answer here, as open(2) would.
                localReplies.append(Reply(id: next.id, job: next.job, outcome: .failed(.unreadable(errno: ENAMETOOLONG))))
                continue
            }
            if socket < 0, let failure = start() {
                localReplies.append(Reply(id: next.id, job: next.job, outcome: .failed(.helperFailed(failure))))
                continue
            }
            inFlight = (next.id, next.job, now)
            unsent = frame
            flush()
        }
    }

    /// Writes what is left of the request in flight; MSG_NOSIGNAL: a dead helper is an error, not a SIGPIPE.
    private func flush() {
        while !unsent.isEmpty, socket >= 0 {
            let sent = SystemCall.retrying {
                unsent.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            }
            // EAGAIN: the next receive retries; EPIPE: the next receive sees the end.
            guard sent > 0 else { return }
            unsent.removeFirst(sent)
        }
    }

    /// Starts a helper; nil on success, else why not.
    private func start() -> String? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return "cannot make a socket for the image helper (errno \(errno))"
        }
        let arguments = [executable, ImageWorkerMain.argument] + limits.arguments
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = cimg_spawn_helper(executable, &argv, ends[1], &pid)
        close(ends[1])
        guard result == 0 else {
            close(ends[0])
            return "cannot start the image helper (errno \(result))"
        }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        process = pid
        socket = ends[0]
        received.removeAll()
        unsent.removeAll()
        starts += 1
        return nil
    }

    /// Kills and reaps the helper; how it ended ("signal 6", "exit 0"), nil when none ran.
    private func terminate() -> String? {
        guard process > 0 else { return nil }
        Glibc.kill(process, SIGKILL)
        var status: Int32 = 0
        _ = SystemCall.retrying { waitpid(process, &status, 0) }
        if socket >= 0 { close(socket) }
        process = 0
        socket = -1
        received.removeAll()
        unsent.removeAll()
        let signal = status & 0x7F
        return signal == 0 ? "exit \((status >> 8) & 0xFF)" : "signal \(signal)"
    }

    /// Reads what the socket has; a message when the helper is gone.
    private func readAvailable() -> String? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = SystemCall.retrying { buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) } }
            if count > 0 {
                received += buffer[0..<count]
                if received.count > ImageWire.maximumReplyBytes + 4 { return "the image helper sent too much" }
                continue
            }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return nil }
            return "the image helper stopped"
        }
    }

    /// The next complete frame's payload, if the buffer holds one.
    private func takeFrame(_ problem: inout String?) -> [UInt8]? {
        guard received.count >= 4 else { return nil }
        let length = Int(received[0]) | Int(received[1]) << 8 | Int(received[2]) << 16 | Int(received[3]) << 24
        guard length <= ImageWire.maximumReplyBytes else {
            problem = "the image helper sent too much"
            return nil
        }
        guard received.count >= 4 + length else { return nil }
        let payload = Array(received[4..<4 + length])
        received.removeFirst(4 + length)
        return payload
    }
}
