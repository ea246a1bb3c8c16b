/// When the bar of the current story next changes visibly: a segment `w` columns wide has `8w`
/// eighth-steps, so the loop needs to wake only at each step, not on a fixed tick.
package enum BarClock {
    /// The time of the next eighth-step after `progress`, given a way to turn a fraction of the
    /// story into a time; nil when the segment has no width or the time cannot be known.
    package static func nextStep(progress: Double, segmentWidth: Int, time: (Double) -> Double?) -> Double? {
        guard segmentWidth > 0 else { return nil }
        let steps = Double(segmentWidth * 8)
        let reached = Double(ProgressBarLayout.eighths(atProgress: progress, segmentWidth: segmentWidth))
        guard reached < steps else { return nil }
        return time((reached + 1) / steps)
    }
}
