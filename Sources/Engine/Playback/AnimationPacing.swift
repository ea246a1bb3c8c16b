/// Paces a moving picture's frames by its story's clock (SPEC 8.3; docs/IMAGES.md, "Moving pictures"): which frame
/// is due is a pure function of the story's elapsed time, never of how often it is asked, so frames never drift and
/// a pause, a resume or a restart needs no state here. The frames loop within the story, whatever loop count the
/// file stores, as a phone's story viewer loops a GIF.
public struct AnimationPacing: Sendable, Equatable {
    /// A stored delay at or below this many milliseconds plays as `shortDelayReplacement`, as browsers do (GIF's
    /// delays of 0 and 1 hundredth, and WebP's of 10 ms or less: files made for browsers rely on it).
    public static let shortDelayLimit = 10
    /// What such a delay plays as, in milliseconds.
    public static let shortDelayReplacement = 100
    /// The shortest length of a story that takes its length from its animation, in seconds.
    public static let minimumStoryLength: Double = 1

    /// Each frame's delay as it plays, in milliseconds.
    public let delays: [Int]
    /// When each frame ends, in milliseconds from the start of a run: the running sum of `delays`.
    private let ends: [Int]

    /// - Parameter storedDelays: each frame's delay as the file stores it, in milliseconds (at least one frame; an
    ///   empty list is taken as one still frame).
    public init(storedDelays: [Int]) {
        let stored = storedDelays.isEmpty ? [0] : storedDelays
        delays = stored.map { $0 <= Self.shortDelayLimit ? Self.shortDelayReplacement : $0 }
        var total = 0
        ends = delays.map { delay in
            total += delay
            return total
        }
    }

    /// One run of every frame, in seconds.
    public var runLength: Double { Double(ends.last ?? 0) / 1000 }

    /// The length of a story that sets no `duration`: one run, at least `minimumStoryLength`, at most
    /// `DeckLimits.maximumDuration`.
    public var storyLength: Double {
        min(max(runLength, Self.minimumStoryLength), DeckLimits.maximumDuration)
    }

    /// The frame due at `elapsed` seconds of the story, and when the next one is.
    /// - Parameters:
    ///   - elapsed: the story's clock (it stands still while the story is paused or held); negative is 0.
    ///   - paused: the story is paused or held: the frame holds and nothing is due.
    ///   - reduceMotion: `--no-autoplay`: the first frame stands still.
    public func due(at elapsed: Double, paused: Bool, reduceMotion: Bool) -> AnimationFrameDue {
        if reduceMotion || delays.count == 1 { return AnimationFrameDue(index: 0, nextChange: nil) }
        let run = ends[ends.count - 1]
        // To the microsecond, so that a wake-up at `nextChange` lands on its frame whatever the rounding of seconds.
        let milliseconds = (max(elapsed, 0) * 1_000_000).rounded() / 1000
        let loops = (milliseconds / Double(run)).rounded(.down)
        let within = milliseconds - loops * Double(run)
        let index = firstEnd(after: within)
        let change = paused ? nil : (loops * Double(run) + Double(ends[index])) / 1000
        return AnimationFrameDue(index: index, nextChange: change)
    }

    /// The first frame whose end is later than `time` (milliseconds within a run), by binary search.
    private func firstEnd(after time: Double) -> Int {
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Double(ends[middle]) > time { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
