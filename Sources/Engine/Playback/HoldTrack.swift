/// What `Playback` remembers about the current press of one hold source (space or the mouse).
enum HoldTrack: Sendable, Equatable {
    /// No press in progress.
    case idle
    /// Held since this time: the `hold` pause reason is set for it.
    case holding(since: Double)
    /// The press turned out to be a tap and became the sticky pause; a late repeat may still retract it.
    case tapped(since: Double)
    /// The press resumed a sticky pause; its later signals do nothing.
    case consumed
}
