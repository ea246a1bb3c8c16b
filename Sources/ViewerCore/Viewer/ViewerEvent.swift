import Engine

/// Everything that can happen to the viewer, from every source, as one value: the shell turns what
/// `poll` reported (input bytes, signals, the control FIFO, the watcher, a finished reload) into
/// these and hands them to `ViewerModel.update(_:at:)`.
package enum ViewerEvent: Sendable, Equatable {
    /// The loop starts: the playback begins (`ready`, then `start` after the leeway).
    case start
    /// A key, mouse, paste, focus or reply decoded from the input bytes.
    case input(InputEvent)
    /// The terminal hung up or its input ended.
    case inputEnded
    /// A line of the `--control` FIFO.
    case control(ControlCommand)
    /// A signal that ends the program (SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT): exit 128 + N.
    case terminate(signal: Int32)
    /// SIGUSR1: toggle pause.
    case togglePauseSignal
    /// SIGTSTP (Ctrl-Z): stop with the terminal given back.
    case suspendRequested
    /// The process runs again after the stop the viewer asked for.
    case resumed
    /// SIGCONT without a stop of ours (someone else stopped and continued us): repaint.
    case continued
    /// The terminal has a new size.
    case resized(TerminalSize)
    /// `--watch` saw the deck (or one of its images) change.
    case deckChanged
    /// A reload asked for by `.loadDeck` finished.
    case deckLoaded(Result<Deck, DeckReloadFailure>)
    /// A picture conversion asked for by `.loadImage` finished.
    case imageLoaded(ImageResult)
    /// A video's scan asked for by `.scanVideos` finished: its frames' delays in milliseconds, nil when it cannot
    /// be read (the story then plays as a still).
    case videoScanned(path: String, delays: [Int]?)
    /// Time passed: deadlines up to now apply.
    case tick
}
