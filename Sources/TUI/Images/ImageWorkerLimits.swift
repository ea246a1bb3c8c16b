/// The helper's budget: CPU seconds for one job (RLIMIT_CPU, set in the helper before each job),
/// its address space (RLIMIT_AS), and the wall-clock time the viewer waits for one reply before it
/// kills the helper (a job that sleeps uses no CPU).
struct ImageWorkerLimits: Sendable, Hashable {
    var cpuSeconds: Int
    var memoryBytes: Int
    var wallSeconds: Double

    /// 5 s of CPU and 10 s of waiting a picture; 512 MiB of address space: an idle helper maps 21 MB,
    /// a 40-megapixel PNG needs 160 MB of RGBA pixels besides its file (at most 32 MiB). Seen: a
    /// 6000 × 6600 PNG converts within 200 MB.
    static let standard = ImageWorkerLimits(cpuSeconds: 5, memoryBytes: 512 << 20, wallSeconds: 10)

    /// The helper's arguments after `--image-worker`.
    var arguments: [String] { [String(cpuSeconds), String(memoryBytes)] }

    /// The limits from those arguments (the standard ones where they are missing or wrong).
    init(arguments: [String]) {
        let standard = Self.standard
        cpuSeconds = arguments.first.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? standard.cpuSeconds
        memoryBytes = arguments.dropFirst().first.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? standard.memoryBytes
        wallSeconds = standard.wallSeconds
    }

    init(cpuSeconds: Int, memoryBytes: Int, wallSeconds: Double) {
        self.cpuSeconds = cpuSeconds
        self.memoryBytes = memoryBytes
        self.wallSeconds = wallSeconds
    }
}
