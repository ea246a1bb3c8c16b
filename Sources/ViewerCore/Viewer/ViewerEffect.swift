import Engine

/// Something the viewer decided that touches the world; `ViewerModel.update` returns them in order
/// and the loop (`Viewer.perform`) performs them. Nothing else in the model has a side effect. The
/// exit is not an effect: the loop stops once `ViewerModel.exitCode` is set.
package enum ViewerEffect: Sendable, Equatable {
    /// Append lifecycle events to the events file.
    case log([LifecycleEvent])
    /// Append an `error` event (a control line that was ignored).
    case logError(String)
    /// Read and validate the deck again, off the loop; answer with `.deckLoaded`.
    case loadDeck
    /// Convert these pictures off the loop, in this order, dropping queued ones not listed; answer
    /// each with `.imageLoaded`.
    case loadImages([ImageRequest])
    /// Read these videos' frames' delays off the loop (the picture helper); answer each with `.videoScanned`.
    case scanVideos([String])
    /// Give the terminal back and stop the process (Ctrl-Z); answer with `.resumed` once continued.
    case suspendProcess
    /// Remember that the story with this id was seen to its end (the seen-stories file, `--resume`).
    case markSeen(String)
    /// Forget what is on screen and draw it whole.
    case repaint
    /// `--watch`: watch these files (the deck's pictures) besides the deck itself.
    case watchFiles([String])
    /// Write control bytes to the terminal (the keyboard protocol's queries, push and pop).
    case writeControl([UInt8])
    /// The kitty keyboard flags are now on the terminal's stack (or no longer): every way out of the
    /// alternate screen (quit, signals, Ctrl-Z, a crash) must pop them, and `fg` push them again.
    case keyboardFlags(pushed: Bool)
    /// How pictures are drawn, now known (the graphics probe settled): the `ready` line can say it, and
    /// the backend draws pixel pictures inside synchronized output when `synchronized`.
    case picturesChosen(ImagePresentation, synchronized: Bool)
}
