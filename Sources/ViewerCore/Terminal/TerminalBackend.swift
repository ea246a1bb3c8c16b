/// What the viewer needs from a terminal for output (ratatui's Backend): start and stop full-screen
/// mode, suspend and resume around Ctrl-Z, draw cells, flush once a frame, write raw control
/// sequences between frames, report the size. Input is not here: bytes are read from the input
/// descriptor and decoded by `InputDecoder`.
///
/// `CursesBackend` talks to ncursesw; `TestTerminal` (in the tests) records what was drawn.
package protocol TerminalBackend: AnyObject {
    /// The terminal's size in cells, as last measured.
    var size: TerminalSize { get }
    /// Measures the size again (after SIGWINCH) and forgets what is on screen.
    func updateSize()
    /// Erases every cell (what was put since the last flush too); the next flush clears the terminal
    /// and shows only what is put after this, so a frame drawn next needs to put no blank cell.
    func invalidate()
    /// Puts one cell; nothing shows until `flush()`.
    func put(_ cell: Cell, row: Int, column: Int)
    /// Sets the hyperlinks of the frame being drawn (a story's `link`), each with its cells as put;
    /// the next flush makes them links where the terminal can (OSC 8).
    func setLinks(_ links: [FrameLink])
    /// Sets the pixel pictures of the frame being drawn, over cells put as blanks; the next flush
    /// removes those that left and writes those that arrived (or all, after an erase).
    func setPictures(_ pictures: [FramePicture])
    /// Pictures are drawn in `graphicsProtocol` from now on, inside synchronized output when
    /// `synchronized`; every way out removes what it drew (kitty's pictures).
    func choosePictures(_ graphicsProtocol: GraphicsProtocol, synchronized: Bool)
    /// Whether output waits for the next frames (a large picture going out in pieces): the loop then
    /// wakes within a frame and calls `continueOutput`.
    var owesOutput: Bool { get }
    /// Writes the next piece of what waits, if the terminal has taken what came before.
    func continueOutput()
    /// As `continueOutput`, only if the terminal is believed to take the piece within `seconds` (before the
    /// next bar step); false, with nothing written, when it would not (the loop hands it after the step).
    func continueOutput(within seconds: Double) -> Bool
    /// While `owesOutput`: how long until the next piece is believed due (the terminal has taken what waits);
    /// the loop looks then, between frames, without drawing (a frame by default).
    var outputWait: Double { get }
    /// Shows what was put since the last flush.
    func flush()
    /// Readies a quiet run's cells (`BarSchedule.cells`, nil for a step that writes none) to be written one a
    /// step past `put` and `flush`, in the bytes a bar step takes; false when this terminal cannot write each of
    /// them that way now (the loop then draws every step itself).
    func prepareQuietRun(_ cells: [PlacedCell?]) -> Bool
    /// Writes step `index` of the prepared run, as `put` and `flush` of its one cell would show it.
    func writeQuietStep(_ index: Int)
    /// The prepared run ended after its first `count` steps were written: what the terminal shows is theirs.
    func endQuietRun(written count: Int)
    /// Writes control bytes straight to the terminal, after everything drawn so far (mouse and
    /// keyboard modes, queries).
    func writeControl(_ bytes: [UInt8])
    /// Gives the terminal back for a Ctrl-Z: normal screen, modes off, cursor shown.
    func suspend()
    /// Takes the terminal again after `fg`; the next frame is drawn whole.
    func resume()
    /// Gives the terminal back for good. Safe to call more than once.
    func stop()
    /// The input that was already queued when the first control bytes (the modes, the keyboard
    /// probe's query) went to the terminal, read just before they did; empty after the first call.
    /// These bytes were typed before any query: they are keys, never the terminal's answers.
    func takeTypedAhead() -> [UInt8]
}

extension TerminalBackend {
    /// A terminal with no input queue of its own has nothing typed ahead.
    func takeTypedAhead() -> [UInt8] { [] }
    /// A terminal that does not know its speed is believed to take any piece in time.
    package func continueOutput(within seconds: Double) -> Bool {
        continueOutput()
        return true
    }
    /// A terminal without a quiet path has every bar step drawn by the loop.
    package func prepareQuietRun(_ cells: [PlacedCell?]) -> Bool { false }
    package func writeQuietStep(_ index: Int) {}
    package func endQuietRun(written count: Int) {}
    /// A terminal that does not know its speed is looked at again a frame later.
    package var outputWait: Double { ViewerModel.frameInterval }
}
