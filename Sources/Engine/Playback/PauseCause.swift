/// What paused or resumed the deck: the `cause` of a `suspend` or `resume` event (the man page, EVENTS).
public enum PauseCause: String, Sendable, Equatable, Hashable, CaseIterable {
    /// Space held or tapped.
    case hold
    /// The `p` key.
    case toggle
    /// The help overlay or the story list opened or closed.
    case overlay
    /// A line from the control FIFO, or SIGUSR1.
    case control
    /// The mouse button held.
    case mouse
    /// The process was stopped (Ctrl-Z) and continued (`fg`): the story does not run while stopped.
    case stop
}
