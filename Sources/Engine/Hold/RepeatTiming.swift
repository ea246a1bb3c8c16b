/// What a `HoldDetector` has learned about the terminal's key repeat: recent gaps between repeats
/// and recent initial delays. From them come the release window and the first-repeat band
/// (the rules and why: docs/PLAYBACK.md, "The repeat fallback").
struct RepeatTiming: Sendable, Equatable {
    /// How many recent gaps between repeats are remembered (across holds).
    static let rememberedGaps = 32
    /// How many recent initial delays are remembered.
    static let rememberedDelays = 5
    /// With this many gaps remembered, their high percentile is trusted.
    static let trustedGaps = 16
    /// Fewer gaps are trusted only if there are at least this many and they are steady.
    static let steadyGaps = 3
    /// Steady: every gap within this fraction of their mean...
    static let steadySpread = 0.10
    /// ...and a mean no shorter than any real repeat interval (bunched arrivals give gaps near 0).
    static let steadyMinimumMean = 0.020
    /// The percentile of recent gaps the window is built on.
    static let gapPercentile = 0.95
    /// The window is this many times that percentile...
    static let windowFactor = 6.0
    /// ...and at least this many times the longest gap of the hold in progress.
    static let longestGapFactor = 1.5
    /// The window before the gaps are trusted (100 ms repeats plus 150 ms jitter fit well inside).
    static let defaultWindow = 0.5
    /// The window always lies within these bounds (docs/PLAYBACK.md, "Holding": 120–500 ms).
    static let windowBounds = 0.120...0.500
    /// Where a first repeat may come, after the press, before any initial delay is learned: the contract's
    /// slowest system (1 s) plus 20 ms and 150 ms of jitter; no system repeats sooner than 225 ms.
    static let unlearnedBand = 0.2..<1.2
    /// The band around learned delays is widened on each side by this many times the spread of the
    /// gaps: a first repeat moves by up to twice the jitter from one hold to the next (the press and
    /// the repeat are each delayed), and bunched arrivals show the gaps' spread at about 0.7× the jitter.
    static let toleranceFactor = 3.0
    /// The widening is kept within these bounds.
    static let toleranceBounds = 0.05...0.30

    /// Recent gaps between repeats, oldest first (the initial delay is not a gap).
    private(set) var gaps: [Double] = []
    /// Recent confirmed initial delays (press to first repeat), oldest first.
    private(set) var delays: [Double] = []
    /// The longest gap between repeats of the hold in progress.
    private(set) var longestGapInHold = 0.0
    /// Silence after the last repeat that counts as a release (kept up to date: see `computeReleaseWindow`).
    private(set) var releaseWindow = Self.defaultWindow
    /// Where a first repeat may come after its press (kept up to date: see `computeFirstRepeatBand`).
    private(set) var firstRepeatBand = Self.unlearnedBand

    /// A new press: the longest gap starts again.
    mutating func startHold() {
        longestGapInHold = 0
        releaseWindow = computeReleaseWindow()
    }

    /// A gap between two repeats of the hold in progress.
    mutating func remember(gap: Double) {
        let gap = Swift.max(gap, 0)
        gaps.append(gap)
        if gaps.count > Self.rememberedGaps { gaps.removeFirst(gaps.count - Self.rememberedGaps) }
        longestGapInHold = Swift.max(longestGapInHold, gap)
        releaseWindow = computeReleaseWindow()
        firstRepeatBand = computeFirstRepeatBand()
    }

    /// A press's first repeat, confirmed by a second one.
    mutating func remember(initialDelay: Double) {
        delays.append(Swift.max(initialDelay, 0))
        if delays.count > Self.rememberedDelays { delays.removeFirst(delays.count - Self.rememberedDelays) }
        firstRepeatBand = computeFirstRepeatBand()
    }

    /// Silence after the last repeat that counts as a release:
    /// `max(6 × p95(recent gaps), 1.5 × longest gap of this hold)`, within 0.120–0.500 s; while the
    /// gaps are too few to trust (under 16, and not 3 or more steady ones) at least 0.5 s.
    private func computeReleaseWindow() -> Double {
        var window = Self.defaultWindow
        if let high = percentile(Self.gapPercentile) {
            window = Self.windowFactor * high
            if gaps.count < Self.trustedGaps && !gapsAreSteady { window = Swift.max(window, Self.defaultWindow) }
        }
        window = Swift.max(window, Self.longestGapFactor * longestGapInHold)
        return Swift.min(Swift.max(window, Self.windowBounds.lowerBound), Self.windowBounds.upperBound)
    }

    /// Where, after a press, its first repeat may come: 0.2–1.2 s before any delay is learned,
    /// else the recent delays widened on each side by 3× the spread of the gaps (0.05–0.30 s).
    private func computeFirstRepeatBand() -> Range<Double> {
        guard let shortest = delays.min(), let longest = delays.max() else { return Self.unlearnedBand }
        let tolerance = Swift.min(Swift.max(Self.toleranceFactor * jitter, Self.toleranceBounds.lowerBound),
                                  Self.toleranceBounds.upperBound)
        let upper = Swift.min(longest + tolerance, HoldDetector.lateRepeatLimit)
        return Swift.min(Swift.max(0, shortest - tolerance), upper)..<upper
    }

    /// How much the gaps between repeats vary: p95 − p5 of the recent gaps (0.15 s, the contract's bound,
    /// before two are known).
    private var jitter: Double {
        guard gaps.count >= 2, let high = percentile(0.95), let low = percentile(0.05) else { return 0.15 }
        return high - low
    }

    /// Few gaps, but alike and not bunched: a quiet local terminal, trusted at once.
    private var gapsAreSteady: Bool {
        guard gaps.count >= Self.steadyGaps else { return false }
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        guard mean >= Self.steadyMinimumMean else { return false }
        return gaps.allSatisfy { abs($0 - mean) <= Self.steadySpread * mean }
    }

    /// The nearest-rank percentile `fraction` of the remembered gaps, or nil when there are none.
    private func percentile(_ fraction: Double) -> Double? {
        guard !gaps.isEmpty else { return nil }
        let sorted = gaps.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[Swift.min(Swift.max(rank, 1), sorted.count) - 1]
    }
}
