extension LifecycleEvent {
    /// The kinds of lifecycle event (the man page, EVENTS).
    public enum Kind: Sendable, Equatable, Hashable {
        /// Loaded; the leeway is running.
        case ready
        /// The first story starts.
        case start
        /// A story starts being shown.
        case begin
        /// A story stops being shown.
        case end(EndReason)
        /// The deck went from playing to paused.
        case suspend(PauseCause)
        /// The deck went from paused to playing.
        case resume(PauseCause)
        /// A `once` deck played past its last story.
        case finish
        /// The user quit.
        case quit
        /// A reload (`r`, `reload`, `--watch`) replaced the deck: the event names the story shown in the new
        /// deck (its new index, which may differ from the old one) and carries the new deck's story count.
        case reload

        /// The `event` name written in the events file.
        public var name: String {
            switch self {
            case .ready: return "ready"
            case .start: return "start"
            case .begin: return "begin"
            case .end: return "end"
            case .suspend: return "suspend"
            case .resume: return "resume"
            case .finish: return "finish"
            case .quit: return "quit"
            case .reload: return "reload"
            }
        }
    }
}
