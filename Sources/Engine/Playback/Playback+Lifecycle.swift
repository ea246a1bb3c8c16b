extension Playback {
    // MARK: - Driving

    /// Starts the lifecycle: emits `ready` (with the start story), and `start` + `begin` at once
    /// when there is no leeway; otherwise they come from `advance(to:)` when the leeway ends.
    /// A second call does nothing.
    ///
    /// - Parameter now: the caller's monotonic clock, in seconds.
    /// - Returns: the events that happened.
    public mutating func begin(at now: Double) -> [LifecycleEvent] {
        guard !hasBegun else { return [] }
        hasBegun = true
        clock = now
        var events = [event(.ready, at: now)]
        guard !deck.stories.isEmpty else {
            finish(at: now, into: &events)
            return events
        }
        watch = Stopwatch(at: now, running: false)
        syncWatch(at: now)
        if leeway == 0 {
            startPlaying(at: currentIndex, time: now, into: &events)
        } else {
            // A leeway too short to matter (1e-300) ends now: after every call the next deadline is later.
            runDeadlines(until: now, into: &events)
        }
        return events
    }

    /// Processes every deadline up to `now`, in order: the end of the leeway, stories that run out.
    /// Each event is stamped with its deadline, not with `now`. On a loop deck a jump across many
    /// cycles emits at most about one cycle of events and skips the rest silently.
    ///
    /// - Parameter now: the caller's monotonic clock; a time earlier than one already seen counts as that one.
    /// - Returns: the events that happened.
    public mutating func advance(to now: Double) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        runDeadlines(until: now, into: &events)
        return events
    }

    /// Advances to `now`, then applies `input` (unless the deck finished meanwhile), then fires
    /// any deadline the input made due at `now`; afterwards `nextDeadline` is nil or later than `now`.
    ///
    /// - Parameters:
    ///   - input: what the user, the control FIFO or a signal asked for.
    ///   - now: the caller's monotonic clock.
    /// - Returns: the events that happened, in order; nothing before `begin(at:)` or after finish or quit.
    public mutating func handle(_ input: PlaybackInput, at now: Double) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        runDeadlines(until: now, into: &events)
        guard hasBegun, phase == .ready || phase == .playing else { return events }
        let now = clock
        switch input {
        case .next, .previous, .nextGroup, .previousGroup, .first, .last, .jump:
            navigate(input, at: now, into: &events)
        case .togglePause(let cause):
            forgetTaps()
            // A press not yet told apart from a tap shows `Paused` too: p resumes it, as it resumes a tap's pause.
            let resumes = pauseReasons.contains(.sticky) || isHeld
            if resumes { consumeHolds() }
            changePause(cause: cause, at: now, into: &events) { reasons in
                if resumes { reasons.remove([.sticky, .hold]) } else { reasons.insert(.sticky) }
            }
        case .pause(let cause):
            forgetTaps()
            changePause(cause: cause, at: now, into: &events) { $0.insert(.sticky) }
        case .resume(let cause):
            forgetTaps()
            consumeHolds()
            changePause(cause: cause, at: now, into: &events) { $0.remove([.sticky, .hold]) }
        case .hold(let signal, let cause):
            hold(signal, cause: cause, at: now, into: &events)
        case .overlayOpened:
            changePause(cause: .overlay, at: now, into: &events) { $0.insert(.overlay) }
        case .overlayClosed:
            changePause(cause: .overlay, at: now, into: &events) { $0.remove(.overlay) }
        case .stopped:
            changePause(cause: .stop, at: now, into: &events) { $0.insert(.stopped) }
        case .continued:
            changePause(cause: .stop, at: now, into: &events) { $0.remove(.stopped) }
        case .reload(let newDeck):
            reload(newDeck, at: now, into: &events)
        case .lengths(let pacing, let answered):
            learnLengths(pacing, answered: answered, at: now, into: &events)
        case .quit:
            if phase == .playing {
                end(.quit, at: now, into: &events)
            }
            watch.setRunning(false, at: now)
            phase = .quit
            events.append(LifecycleEvent(time: now, kind: .quit))
        }
        // An input can make a deadline due at once (a reload that shortens the current story).
        runDeadlines(until: now, into: &events)
        return events
    }

    // MARK: - Time

    /// Fires every deadline ≤ `now`, then moves the clock to `now`.
    private mutating func runDeadlines(until now: Double, into events: inout [LifecycleEvent]) {
        guard hasBegun, phase == .ready || phase == .playing else { return }
        let now = now.isNaN ? clock : Swift.max(now, clock)
        var timerEnds = 0
        while let deadline = nextDeadline, deadline <= now {
            clock = Swift.max(clock, deadline)
            let time = clock
            if phase == .ready {
                startPlaying(at: currentIndex, time: time, into: &events)
                continue
            }
            if waitingSince != nil {
                stopWaiting(at: time, into: &events, forgetting: true)
                continue
            }
            events.append(event(.end(.timer), at: time))
            if currentIndex + 1 < deck.stories.count {
                show(currentIndex + 1, at: time, into: &events)
            } else if strategy == .loop {
                show(0, at: time, into: &events)
            } else {
                finish(at: time, into: &events)
                break
            }
            timerEnds += 1
            if timerEnds % deck.stories.count == 0 {
                skipWholeCycles(until: now)
            }
        }
        if now.isFinite { clock = Swift.max(clock, now) }
    }

    /// After a full cycle of a loop deck, skips the whole cycles that still fit before `now`.
    private mutating func skipWholeCycles(until now: Double) {
        let cycle = deck.stories.indices.reduce(0) { $0 + duration(ofStory: $1) }
        guard cycle > 0, let storyStart = watch.time(whenReaching: 0) else { return }
        let ratio = (now - storyStart) / cycle
        guard ratio >= 1, ratio.isFinite else { return }
        // Whole cycles, by truncation (no libm); beyond 2^53 every Double is already whole.
        let cycles = ratio < 0x1p53 ? Double(Int64(ratio)) : ratio
        watch.delay(by: cycles * cycle)
        clock = Swift.max(clock, storyStart + cycles * cycle)
    }

    // MARK: - Navigation

    /// Where a navigation input leads from the current story.
    private enum Target {
        case story(Int, EndReason)
        case finish(EndReason)
    }

    private func target(of input: PlaybackInput) -> Target? {
        let count = deck.stories.count
        let last = count - 1
        switch input {
        case .next:
            if currentIndex < last { return .story(currentIndex + 1, .next) }
            return strategy == .loop ? .story(0, .next) : .finish(.next)
        case .previous:
            return .story(Swift.max(currentIndex - 1, 0), .previous)
        case .nextGroup:
            guard let group = deck.groupIndex(ofStory: currentIndex) else { return nil }
            if group + 1 < deck.groups.count { return .story(deck.groups[group + 1].range.lowerBound, .group) }
            return strategy == .loop ? .story(deck.groups[0].range.lowerBound, .group) : .finish(.group)
        case .previousGroup:
            guard let group = deck.groupIndex(ofStory: currentIndex) else { return nil }
            return .story(deck.groups[Swift.max(group - 1, 0)].range.lowerBound, .group)
        case .first:
            return .story(0, .jump)
        case .last:
            return .story(last, .jump)
        case .jump(let index):
            return deck.stories.indices.contains(index) ? .story(index, .jump) : nil
        default:
            return nil
        }
    }

    private mutating func navigate(_ input: PlaybackInput, at now: Double, into events: inout [LifecycleEvent]) {
        guard let target = target(of: input) else { return }
        switch (phase, target) {
        case (.ready, .story(let index, _)):
            startPlaying(at: index, time: now, into: &events)
        case (.ready, .finish):
            finish(at: now, into: &events)
        case (_, .story(let index, let reason)):
            end(reason, at: now, into: &events)
            show(index, at: now, into: &events)
        case (_, .finish(let reason)):
            end(reason, at: now, into: &events)
            finish(at: now, into: &events)
        }
    }

    /// Leaves `ready`: emits `start` and `begin` of the story at `index`.
    private mutating func startPlaying(at index: Int, time: Double, into events: inout [LifecycleEvent]) {
        phase = .playing
        currentIndex = index
        events.append(event(.start, at: time))
        show(index, at: time, into: &events)
    }

    /// Shows the story at `index` from 0 and emits its `begin`; a story whose length is awaited
    /// (`Deck.awaitedLengths`) waits for it instead, its clock at 0, and begins when it arrives.
    private mutating func show(_ index: Int, at time: Double, into events: inout [LifecycleEvent]) {
        currentIndex = index
        watch.set(0, at: time, running: false)
        if deck.awaitedLengths.contains(index) {
            waitingSince = time
        } else {
            waitingSince = nil
            events.append(event(.begin, at: time))
        }
        syncWatch(at: time)
    }

    private mutating func finish(at time: Double, into events: inout [LifecycleEvent]) {
        watch.setRunning(false, at: time)
        phase = .finished
        events.append(LifecycleEvent(time: time, kind: .finish))
    }

    // MARK: - Pausing

    /// Applies `change` to the pause reasons and emits `suspend` or `resume` if that flipped the deck.
    private mutating func changePause(
        cause: PauseCause,
        at now: Double,
        into events: inout [LifecycleEvent],
        _ change: (inout PauseReasons) -> Void
    ) {
        let wasPaused = isPaused
        change(&pauseReasons)
        syncWatch(at: now)
        if wasPaused != isPaused {
            events.append(event(isPaused ? .suspend(cause) : .resume(cause), at: now))
        }
    }

    /// Runs the watch exactly when time should count: leeway while ready, the story while playing with autoplay
    /// (not while it waits for its length).
    mutating func syncWatch(at now: Double) {
        let counts = !isPaused && (phase == .ready || (phase == .playing && autoplay && waitingSince == nil))
        watch.setRunning(counts, at: now)
    }

    /// An explicit pause input overrides taps: a late repeat can no longer turn them back into holds.
    private mutating func forgetTaps() {
        for (cause, track) in holds {
            if case .tapped = track { holds[cause] = .idle }
        }
    }

    /// An explicit resume ends the presses under way: their later signals (a tap's sticky pause) do nothing.
    private mutating func consumeHolds() {
        for (cause, track) in holds {
            if case .holding = track { holds[cause] = .consumed }
        }
    }

    /// Applies a hold signal from the detector of one source (docs/PLAYBACK.md, "Holding"): see docs/PLAYBACK.md.
    private mutating func hold(_ signal: HoldSignal, cause: PauseCause, at now: Double, into events: inout [LifecycleEvent]) {
        let wasPaused = isPaused
        let track = holds[cause] ?? .idle
        switch signal {
        case .began:
            if pauseReasons.contains(.sticky) {
                // A tap (or press) while paused resumes at once; the rest of this press is ignored.
                forgetTaps()
                holds[cause] = .consumed
                pauseReasons.remove(.sticky)
            } else {
                holds[cause] = .holding(since: now)
            }
        case .becameTap:
            guard case .holding(let since) = track else { return }
            holds[cause] = .tapped(since: since)
            pauseReasons.insert(.sticky)
        case .ended:
            holds[cause] = .idle
        }
        let holding = holds.values.contains { track in
            if case .holding = track { return true }
            return false
        }
        if holding { pauseReasons.insert(.hold) } else { pauseReasons.remove(.hold) }
        syncWatch(at: now)
        if wasPaused != isPaused {
            events.append(event(isPaused ? .suspend(cause) : .resume(cause), at: now))
        }
    }

    // MARK: - Reload

    private mutating func reload(_ newDeck: Deck, at now: Double, into events: inout [LifecycleEvent]) {
        guard !newDeck.stories.isEmpty else { return }
        let oldIndex = currentIndex
        let oldID = currentStory?.id
        let elapsed = watch.value(at: now)
        let kept = oldID.flatMap { id in newDeck.stories.firstIndex { $0.id == id } }
        // A story still waiting for its length when it leaves has begun all the same (`end` follows `begin`).
        if phase == .playing, kept == nil, waitingSince != nil {
            waitingSince = nil
            events.append(event(.begin, at: now))
        }
        deck = newDeck
        currentIndex = kept ?? Swift.min(oldIndex, newDeck.stories.count - 1)
        guard phase == .playing else {
            // During the leeway: the story about to start, in the new deck.
            if phase == .ready { events.append(reloaded(at: now)) }
            return
        }
        if kept != nil {
            // The same story goes on, perhaps at another index: a reader of the events follows it here.
            events.append(reloaded(at: now))
            // A story that waits for its length goes on waiting while the new deck awaits it too.
            if waitingSince != nil {
                if !deck.awaitedLengths.contains(currentIndex) { stopWaiting(at: now, into: &events, forgetting: false) }
                return
            }
            watch.set(Swift.min(elapsed, currentDuration), at: now, running: false)
            syncWatch(at: now)
        } else {
            events.append(LifecycleEvent(time: now, kind: .end(.reload), index: oldIndex, id: oldID))
            events.append(reloaded(at: now))
            show(currentIndex, at: now, into: &events)
        }
    }

    /// The `reload` event: the story shown (or about to start) in the new deck, and how many stories it has.
    private func reloaded(at now: Double) -> LifecycleEvent {
        var reloaded = event(.reload, at: now)
        reloaded.stories = deck.stories.count
        return reloaded
    }

    // MARK: - Events

    /// An event about the current story.
    func event(_ kind: LifecycleEvent.Kind, at time: Double) -> LifecycleEvent {
        var event = LifecycleEvent(time: time, kind: kind, index: currentStory == nil ? nil : currentIndex,
                                   id: currentStory?.id)
        // A moving story's `begin` says how long one run of its picture is.
        if case .begin = kind, currentStory != nil { event.length = deck.movingPictures[currentIndex]?.runLength }
        return event
    }
}
