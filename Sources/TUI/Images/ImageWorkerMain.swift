import CImages
import Engine
import Glibc

/// The helper process: `stories-tui --image-worker CPU_SECONDS MEMORY_BYTES`, started by
/// `ImageWorker` with a socket as standard input and output. It reads one request at a time, does
/// it under its rlimits, and writes the reply; it ends when the socket closes. A crash or a hang
/// here costs one picture: the viewer sees the socket close (or its wait run out) and starts another.
enum ImageWorkerMain {
    /// The hidden first argument that makes the program a helper (handled first thing in main.swift).
    static let argument = "--image-worker"

    /// Serves requests until standard input closes; the exit status.
    static func run(arguments: [String]) -> Int32 {
        let limits = ImageWorkerLimits(arguments: arguments)
        setLimit(RLIMIT_CORE, soft: 0, hard: 0)
        setLimit(RLIMIT_AS, soft: limits.memoryBytes, hard: limits.memoryBytes)
        // A moving picture stays open between its frames' jobs (one at a time: the last one asked for).
        var cursor: AnimationCursor?
        while let payload = readFrame() {
            guard let (id, job) = ImageWire.parseRequest(payload) else { return 65 }
            allowCPU(seconds: limits.cpuSeconds)
            guard writeAll(ImageWire.reply(perform(job, id: id, cursor: &cursor), id: id)) else { return 74 }
            // The job's buffers go back to the system, not only to the heap: the next decode starts from
            // the memory of an idle helper, whatever this one left behind.
            cimg_release_memory()
        }
        return 0
    }

    /// Does one job (blocking); `id` names a kitty picture.
    static func perform(_ job: ImageJob, id: UInt32 = 1) -> ImageJobOutcome {
        var cursor: AnimationCursor?
        return perform(job, id: id, cursor: &cursor)
    }

    /// Does one job (blocking), keeping a moving picture open in `cursor` for its next frame.
    static func perform(_ job: ImageJob, id: UInt32 = 1, cursor: inout AnimationCursor?) -> ImageJobOutcome {
        switch job {
        case let .render(request) where request.pixels != nil:
            switch ImageRenderer.renderPixels(request, id: id, cursor: &cursor) {
            case let .success(picture): return .pixels(picture)
            case let .failure(failure): return .failed(failure)
            }
        case let .render(request):
            switch ImageRenderer.render(request, cursor: &cursor) {
            case let .success(grid): return .cells(grid)
            case let .failure(failure): return .failed(failure)
            }
        case let .verify(path):
            return ImageRenderer.verify(path).map { .failed($0) } ?? .verified
        case let .scan(path):
            waitForScanGate()
            switch AnimationScan.read(videoAt: path) {
            case let .success(scan): return .delays(scan.delays)
            case let .failure(failure): return .failed(failure)
            }
        case .crashForTesting:
            abort()
        case .hangForTesting:
            var spins: UInt64 = 0
            while spins != UInt64.max { spins &+= UInt64(getpid() & 1) }
            return .verified
        }
    }

    /// The environment variable of the end-to-end tests' slow scan: a path; while no file is there, a video's scan
    /// waits (at most `scanGateLimit` seconds, within the viewer's 10 s for a job), as a big file's would.
    static let scanGateVariable = "STORIES_TUI_SCAN_GATE"
    static let scanGateLimit = 8.0

    /// Waits for the tests' scan gate, when one is named (`scanGateVariable`); returns at once otherwise.
    private static func waitForScanGate() {
        guard let gate = getenv(scanGateVariable).map({ String(cString: $0) }), !gate.isEmpty else { return }
        let end = MonotonicClock.now() + scanGateLimit
        while access(gate, F_OK) != 0, MonotonicClock.now() < end { usleep(10_000) }
    }

    /// RLIMIT_CPU counts the whole life of the process: the soft limit moves to what is used now
    /// plus this job's budget. Past it the kernel sends SIGXCPU, whose default action ends us.
    private static func allowCPU(seconds: Int) {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let used = Int(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + 1
        var current = rlimit()
        getrlimit(Int32(RLIMIT_CPU.rawValue), &current)
        let wanted = rlim_t(used + seconds)
        let soft = current.rlim_max == rlim_t.max ? wanted : min(wanted, current.rlim_max)
        current.rlim_cur = soft
        setrlimit(Int32(RLIMIT_CPU.rawValue), &current)
    }

    private static func setLimit(_ resource: __rlimit_resource, soft: Int, hard: Int) {
        var current = rlimit()
        getrlimit(Int32(resource.rawValue), &current)
        let cap = { (value: Int) -> rlim_t in
            current.rlim_max == rlim_t.max ? rlim_t(value) : min(rlim_t(value), current.rlim_max)
        }
        var limit = rlimit(rlim_cur: cap(soft), rlim_max: cap(hard))
        setrlimit(Int32(resource.rawValue), &limit)
    }

    /// One request frame from standard input; nil at end of input or on a malformed length.
    private static func readFrame() -> [UInt8]? {
        guard let header = readExactly(4) else { return nil }
        let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        guard length <= ImageWire.maximumRequestBytes else { return nil }
        return readExactly(length)
    }

    private static func readExactly(_ count: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = SystemCall.retrying { buffer.withUnsafeMutableBytes { read(0, $0.baseAddress! + done, count - done) } }
            guard got > 0 else { return nil }
            done += got
        }
        return buffer
    }

    private static func writeAll(_ bytes: [UInt8]) -> Bool {
        DescriptorWriter.writeAll(1, bytes) == nil
    }
}
