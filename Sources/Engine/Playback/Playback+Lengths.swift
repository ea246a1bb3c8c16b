/// Lengths that arrive after the deck started (`Deck.awaitedLengths`: a video the picture helper scans once the deck
/// is on screen). A story shown before its length is known waits with its clock at 0 and its `begin` not yet sent;
/// it begins when the length arrives, or `Playback.lengthWait` after it was shown as a still (docs/IMAGES.md, "Video").
extension Playback {
    /// Whether the current story is shown but waits for its moving picture's length.
    public var isWaitingForLength: Bool { waitingSince != nil }

    /// Takes the lengths read for `answered` stories (`pacing` holds those whose picture moves): the deck learns
    /// them, and the current story, if it waited for one of them, begins now.
    mutating func learnLengths(_ pacing: [Int: AnimationPacing], answered: Set<Int>, at now: Double,
                               into events: inout [LifecycleEvent]) {
        var learnt = deck
        for (index, found) in pacing where learnt.stories.indices.contains(index) { learnt.movingPictures[index] = found }
        learnt.awaitedLengths.subtract(answered)
        deck = learnt
        if phase == .playing, waitingSince != nil, !deck.awaitedLengths.contains(currentIndex) {
            stopWaiting(at: now, into: &events, forgetting: false)
        }
    }

    /// The current story stops waiting for its length at `time` and begins (its clock from 0). When `forgetting`
    /// (the wait ran out), the deck no longer awaits its length: it plays as a still, now and when shown again,
    /// unless the length still arrives.
    mutating func stopWaiting(at time: Double, into events: inout [LifecycleEvent], forgetting: Bool) {
        waitingSince = nil
        if forgetting { deck.awaitedLengths.remove(currentIndex) }
        watch.set(0, at: time, running: false)
        syncWatch(at: time)
        events.append(event(.begin, at: time))
    }

    /// Ends the current story for `reason` at `time`; one still waiting for its length begins first, so that every
    /// `end` follows its `begin`.
    mutating func end(_ reason: EndReason, at time: Double, into events: inout [LifecycleEvent]) {
        if waitingSince != nil {
            waitingSince = nil
            events.append(event(.begin, at: time))
        }
        events.append(event(.end(reason), at: time))
    }
}
