/// The story player as a pure state machine: time only arrives as an argument.
///
/// Call `begin(at:)` once, then `handle(_:at:)` for every input and `advance(to:)` whenever the
/// clock reaches `nextDeadline`. Each returns the lifecycle events that happened, in order, each
/// stamped with the time it happened (a deadline's own time, not the time the caller woke), so
/// a story that ends at 60.000 while the caller wakes at 60.013 ends at 60.000 and the next one
/// begins at 60.000. The rules are in docs/VIEWER.md, "Keys, signals, exit codes" and docs/PLAYBACK.md.
public struct Playback: Sendable, Equatable {
    /// The deck being played (the latest one after a reload).
    public internal(set) var deck: Deck {
        didSet { storyChanged() }
    }
    /// The command-line overrides.
    public let options: PlaybackOptions
    /// Where playback is in its life.
    public internal(set) var phase: PlaybackPhase = .ready
    /// The story shown (or, while `ready`, the one that will start).
    public internal(set) var currentIndex: Int {
        didSet { storyChanged() }
    }
    /// The story shown (or about to start), if the deck has any. Read from the deck's records when the
    /// story or the deck changes, not on each call: drawing asks for it on every bar step.
    public private(set) var currentStory: Story?
    /// `duration(ofStory: currentIndex)`, kept like `currentStory`: progress is asked for several times a step.
    public private(set) var currentDuration = 5.0
    /// Why the deck is paused; empty while it plays.
    public internal(set) var pauseReasons: PauseReasons = []
    /// Whether `begin(at:)` has been called.
    public internal(set) var hasBegun = false
    /// While the current story is shown but waits for its moving picture's length (`Deck.awaitedLengths`): when
    /// it was shown. Its `begin` and its clock wait for the length, at most `lengthWait` seconds.
    public internal(set) var waitingSince: Double?

    /// The longest a story waits for its length (`Deck.awaitedLengths`), in seconds: past it, the story begins
    /// as a still of its `duration`, `--duration` or the deck's (docs/IMAGES.md, "Video").
    public static let lengthWait = 3.0

    /// The leeway in seconds, fixed at creation.
    let leeway: Double
    /// The latest time seen; earlier times passed later are treated as this one.
    var clock = -Double.infinity
    /// While `ready`: the leeway elapsed. While `playing`: the current story's elapsed time.
    var watch = Stopwatch(at: 0, running: false)
    /// The press in progress per hold source (`.hold` for space, `.mouse` for the mouse).
    var holds: [PauseCause: HoldTrack] = [:]

    /// The shortest duration a story can have, so that time always moves the deck forward.
    static let minimumDuration = 0.001

    /// Creates a player for `deck`, in phase `ready`, not yet begun.
    ///
    /// - Parameters:
    ///   - deck: a validated deck.
    ///   - options: command-line overrides; a start that names no story starts at the first.
    public init(deck: Deck, options: PlaybackOptions = PlaybackOptions()) {
        self.deck = deck
        self.options = options
        let leeway = options.leeway ?? deck.leeway
        self.leeway = leeway.isFinite ? Swift.max(0, leeway) : 0
        if let reference = options.start ?? deck.start, let index = deck.index(of: reference) {
            currentIndex = index
        } else {
            currentIndex = 0
        }
        storyChanged()
    }

    private mutating func storyChanged() {
        currentStory = Self.story(at: currentIndex, in: deck)
        currentDuration = duration(ofStory: currentIndex)
    }

    // MARK: - Settings after overrides

    /// What happens after the last story: the option's strategy, else the deck's.
    public var strategy: Strategy { options.strategy ?? deck.strategy }

    /// Whether stories advance by themselves (false for `--no-autoplay`).
    public var autoplay: Bool { options.autoplay }

    /// Seconds the story at `index` lasts: its own duration, else one run of its moving picture (at least 1 s;
    /// SPEC 2), else `--duration`, else the deck's default.
    public func duration(ofStory index: Int) -> Double {
        // Read from the story's record: building the whole story (its texts) costs more than the step it times.
        let own = deck.stories.indices.contains(index) ? deck.stories.duration(at: index) : nil
        let seconds = own ?? deck.movingPictures[index]?.storyLength ?? options.defaultDuration ?? deck.defaultDuration
        guard seconds.isFinite else { return 5 }
        return Swift.max(seconds, Self.minimumDuration)
    }

    private static func story(at index: Int, in deck: Deck) -> Story? {
        deck.stories.indices.contains(index) ? deck.stories[index] : nil
    }

    // MARK: - State for drawing

    /// Whether anything pauses the deck.
    public var isPaused: Bool { !pauseReasons.isEmpty }

    /// Whether space or the mouse button holds the deck paused.
    public var isHeld: Bool { pauseReasons.contains(.hold) }

    /// How long the current hold has lasted at `now`, or nil when nothing is held
    /// (whether title and caption hide is `HoldTracker.hidesText(at:)`).
    public func holdDuration(at now: Double) -> Double? {
        let starts = holds.values.compactMap { track -> Double? in
            if case .holding(let since) = track { return since }
            return nil
        }
        guard let since = starts.min() else { return nil }
        return Swift.max(0, now - since)
    }

    /// When the press of `cause` (`.hold` for space, `.mouse`) that holds the deck began; nil when
    /// that source holds nothing (idle, a tap, or a press that resumed a sticky pause).
    func holdStart(of cause: PauseCause) -> Double? {
        if case .holding(let since)? = holds[cause] { return since }
        return nil
    }

    /// Seconds the current story has been shown at `now`, not counting pauses; within [0, duration].
    /// It stays 0 while `ready` and without autoplay; after `finish` it is the full duration.
    public func elapsed(at now: Double) -> Double {
        let duration = currentDuration
        switch phase {
        case .ready:
            return 0
        case .finished:
            return duration
        case .playing, .quit:
            guard autoplay else { return 0 }
            return Swift.min(Swift.max(watch.value(at: now), 0), duration)
        }
    }

    /// The current story's progress at `now`, in [0, 1].
    public func progress(at now: Double) -> Double {
        let fraction = elapsed(at: now) / currentDuration
        return fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : 0
    }

    /// How full the bar segment of the story at `index` is at `now`: 1 before the current story
    /// (in deck order), the current story's progress for it, 0 after it.
    public func segmentFill(_ index: Int, at now: Double) -> Double {
        if index < currentIndex { return deck.stories.indices.contains(index) ? 1 : 0 }
        if index == currentIndex { return progress(at: now) }
        return 0
    }

    /// When `advance(to:)` must be called next: the end of the leeway or of the current story, or the end of
    /// the wait for the current story's length (paused or not); otherwise nil when paused, not begun, finished,
    /// quit, or (while playing) without autoplay.
    public var nextDeadline: Double? {
        guard hasBegun else { return nil }
        if phase == .playing, let since = waitingSince { return since + Self.lengthWait }
        guard !isPaused else { return nil }
        switch phase {
        case .ready:
            return watch.time(whenReaching: leeway)
        case .playing:
            guard autoplay else { return nil }
            return watch.time(whenReaching: currentDuration)
        case .finished, .quit:
            return nil
        }
    }

    /// The time at which the current story's progress reaches `fraction` (clamped to [0, 1]);
    /// nil unless a story is playing with autoplay and not paused. It may be in the past.
    /// The viewer uses it to sleep until the bar's next visible step.
    public func time(whenProgressReaches fraction: Double) -> Double? {
        guard hasBegun, phase == .playing, autoplay, !isPaused, waitingSince == nil, fraction.isFinite else { return nil }
        let clamped = Swift.min(Swift.max(fraction, 0), 1)
        return watch.time(whenReaching: clamped * currentDuration)
    }
}
