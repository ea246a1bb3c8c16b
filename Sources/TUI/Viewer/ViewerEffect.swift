import Engine

/// Something the viewer decided that touches the world; `ViewerModel.update` returns them in order
/// and the shell performs them. Nothing else in the model has a side effect.
enum ViewerEffect: Sendable, Equatable {
    /// Append lifecycle events to the events file.
    case log([LifecycleEvent])
    /// Append an `error` event (a control line that was ignored).
    case logError(String)
    /// Read and validate the deck again, off the loop; answer with `.deckLoaded`.
    case loadDeck
    /// Give the terminal back and stop the process (Ctrl-Z); answer with `.resumed` once continued.
    case suspendProcess
    /// Remember that the story with this id was seen to its end (the seen-stories file, `--resume`).
    case markSeen(String)
    /// Forget what is on screen and draw it whole.
    case repaint
    /// End the program with this code (after restoring the terminal).
    case exit(Int32)
}
