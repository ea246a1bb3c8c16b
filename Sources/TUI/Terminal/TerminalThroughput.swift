/// How fast the terminal takes bytes, smoothed, and the size of a picture's piece that follows from it
/// (docs/IMAGES.md, "Pieces sized by the terminal's speed"): a pure value. The writer's thread reports each
/// write to the terminal (`took`); a write that came back at once went into the kernel's buffer and says
/// nothing of the terminal, so only a write that waited is a sample. A terminal that never makes a write
/// wait is never the bottleneck: what is believed of it then matters little, since the next piece is handed
/// as soon as the last is taken.
struct TerminalThroughput: Sendable, Equatable {
    /// What is believed before anything is measured: a slow terminal's 4 MB/s (Benchmarks/README.md,
    /// "Pieces sized by the terminal's speed"), so that the first piece never keeps a bar step long; a faster
    /// one makes the next writes wait within a few pieces, and is measured.
    static let initialBytesPerSecond = 4e6
    /// A write shorter than this is not a sample (the kernel's buffer took it).
    static let shortestSample = 0.25e-3
    /// How much of a new sample goes into the belief.
    static let sampleWeight = 0.5
    /// The belief's bounds: 100 kB/s (a slow link) to 1 GB/s.
    static let slowest = 1e5
    static let fastest = 1e9
    /// The smallest piece: a picture keeps moving on the slowest terminal (a sixel or iTerm2 piece is at
    /// least one band whatever this says).
    static let smallestPiece = 16 << 10
    /// The largest piece: the writer's pipe takes it without blocking the loop.
    static let largestPiece = 1 << 20

    /// Bytes a second the terminal is believed to take.
    private(set) var bytesPerSecond = Self.initialBytesPerSecond

    /// The terminal took `bytes` in one write that lasted `seconds`.
    mutating func took(bytes: Int, seconds: Double) {
        guard bytes > 0, seconds >= Self.shortestSample else { return }
        let sample = Double(bytes) / seconds
        bytesPerSecond = Self.bounded(bytesPerSecond + (sample - bytesPerSecond) * Self.sampleWeight)
    }

    private static func bounded(_ rate: Double) -> Double { min(max(rate, slowest), fastest) }

    /// The bytes of a piece the terminal takes in half of `interval` (a bar step's shortest interval) at
    /// `bytesPerSecond`, within `smallestPiece`...`largestPiece`.
    static func pieceBytes(bytesPerSecond: Double, interval: Double) -> Int {
        let bytes = bytesPerSecond * interval / 2
        guard bytes.isFinite, bytes > Double(smallestPiece) else { return smallestPiece }
        return bytes < Double(largestPiece) ? Int(bytes) : largestPiece
    }

    /// How long the terminal is believed to need for `bytes`.
    func seconds(for bytes: Int) -> Double { Double(bytes) / bytesPerSecond }
}
