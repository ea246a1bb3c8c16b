/// Something the user (or the control FIFO, or a signal) asks playback to do.
public enum PlaybackInput: Sendable, Equatable {
    /// Next story; after the last: finish (once) or the first story (loop).
    case next
    /// Previous story; on the first story: restart it.
    case previous
    /// First story of the next group; without groups: nothing.
    case nextGroup
    /// First story of the previous group; without groups: nothing.
    case previousGroup
    /// The first story of the deck.
    case first
    /// The last story of the deck.
    case last
    /// The story at this 0-based index; an index out of range does nothing.
    case jump(Int)
    /// Toggle the sticky pause.
    case togglePause(PauseCause)
    /// Set the sticky pause.
    case pause(PauseCause)
    /// Clear the sticky pause.
    case resume(PauseCause)
    /// A signal from a hold detector (`HoldTracker` sends them); the cause is `.hold` for space, `.mouse` for the mouse button.
    case hold(HoldSignal, PauseCause)
    /// The help overlay or the story list opened.
    case overlayOpened
    /// The help overlay or the story list closed.
    case overlayClosed
    /// The process is about to stop (Ctrl-Z).
    case stopped
    /// The process continued after a stop.
    case continued
    /// The deck was loaded again.
    case reload(Deck)
    /// Moving pictures' lengths read after the deck started (`Deck.awaitedLengths`): the pacing of each story
    /// whose picture moves, and every story the answer is about (one left out of `pacing` is a still: its video
    /// could not be read).
    case lengths([Int: AnimationPacing], answered: Set<Int>)
    /// Stop for good.
    case quit
}
