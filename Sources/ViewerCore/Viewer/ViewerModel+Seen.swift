import Engine

/// Seen stories and the leeway's countdown: what the viewer remembers and counts, decided here,
/// kept by the shell (`.markSeen`).
///
/// A story counts as seen when it was shown to its end: it ended by its timer. Without autoplay
/// nothing ends by a timer, so there a story the user moved on from with `next` counts too.
/// Skipping (next with autoplay), jumping, going back or quitting does not make a story seen.
extension ViewerModel {
    /// The ids of stories that `events` show seen for the first time; they join `seen`.
    package mutating func newlySeen(in events: [LifecycleEvent]) -> [String] {
        var ids: [String] = []
        for event in events {
            guard case .end(let reason) = event.kind, let id = event.id else { continue }
            guard reason == .timer || (reason == .next && !playing.playback.options.autoplay) else { continue }
            if seen.insert(id).inserted { ids.append(id) }
        }
        return ids
    }

    /// Whole seconds left of the leeway at `now` (rounded up), while it runs.
    package func countdown(at now: Double) -> Int? {
        guard playing.playback.phase == .ready, let end = playing.playback.nextDeadline, end > now else { return nil }
        return Int((end - now).rounded(.up))
    }

    /// When the countdown next shows another number, while it runs.
    package func nextCountdownChange(at now: Double) -> Double? {
        guard let shown = countdown(at: now), let end = playing.playback.nextDeadline else { return nil }
        return end - Double(shown - 1)
    }
}
