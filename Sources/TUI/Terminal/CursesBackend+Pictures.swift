import CNCurses
import ViewerCore

/// Pixel pictures past curses (docs/IMAGES.md, "Living with curses"): the frame holds their cells as
/// blanks, so curses' picture of the terminal is blank there and its diff never writes over them; the
/// backend writes the pictures after `doupdate`, in the same flush, and removes a leaving one before
/// it (kitty by id; sixel and iTerm2 by having curses repaint their rows whole). `PictureWriter` decides.
extension CursesBackend {
    /// The pictures of the next frame; written after the next `doupdate` when they changed (or the
    /// terminal was erased since). A moving picture's next frame waits while the terminal is more than a piece
    /// behind (`PictureWriter.set(_:terminalBehind:)`).
    func setPictures(_ next: [FramePicture]) {
        // The piece in a local: the autoclosure runs inside `set`'s mutating access to `pictures`, and reading
        // `pictures` there was an exclusivity violation (a crash in debug builds on a moving picture's frame).
        let piece = pieceBytes
        pictures.pieceBytes = piece
        pictures.set(next, terminalBehind: queuedOutput > piece)
    }

    /// The bytes of a picture's piece: what the terminal takes in a quarter of a frame at its measured speed
    /// (`TerminalThroughput.pieceBytes` for half of `pieceInterval`), `PictureWriter.pieceBytes` without a
    /// writer.
    var pieceBytes: Int {
        guard let writer else { return PictureWriter.pieceBytes }
        return TerminalThroughput.pieceBytes(bytesPerSecond: writer.throughput.bytesPerSecond, interval: Self.pieceInterval)
    }

    /// The interval a piece takes half of: half a frame. A bar step comes at most once a frame, so a piece
    /// takes at most a quarter of any bar step's interval, and the kernel's own buffer (some 64 KiB on a pty:
    /// 16 ms at 4 MB/s), which the writer cannot see, fits in the rest of the half.
    static let pieceInterval = ViewerModel.frameInterval / 2

    /// Whether the writer can take the next piece: the terminal (or its kernel buffer) has taken everything,
    /// so a bar step queued now waits for one piece at most, besides the kernel's buffer.
    private func hasRoom(queued: Int) -> Bool { queued == 0 }

    /// How pictures are drawn from now on: inside synchronized output or not, and what every way out
    /// writes first (kitty's delete of every picture), the crash handler's way too.
    func choosePictures(_ graphicsProtocol: GraphicsProtocol, synchronized: Bool) {
        pictures.synchronized = synchronized
        modes.picturesDisable = PictureWriter.removeAll(graphicsProtocol)
        CrashGuard.updateRestore(emergencyRestoreBytes)
    }

    /// Before `doupdate`: kitty's leaving pictures deleted, the rows of sixel and iTerm2 ones thrown
    /// away for curses to write again.
    func removeLeavingPictures() {
        guard pictures.isOwed else { return }
        let removal = pictures.removals()
        for rows in removal.rowsToRepaint where !rows.isEmpty {
            wredrawln(shim_stdscr(), Int32(rows.lowerBound), Int32(rows.count))
        }
        if !removal.bytes.isEmpty { writeAll(removal.bytes) }
    }

    /// After `doupdate`: the arriving pictures, each drawn with the cursor saved and restored (a large
    /// kitty picture's first piece only, a sixel's or iTerm2's first bands; none while the writer's pipe
    /// holds more than a piece, so that this write never waits for the terminal).
    func writeArrivingPictures() {
        guard pictures.isOwed else { return }
        pictures.pieceBytes = pieceBytes
        let bytes = pictures.shows(room: hasRoom(queued: queuedOutput))
        if !bytes.isEmpty { writeAll(bytes) }
    }

    /// Whether pieces of a large picture wait (`PictureWriter.owesPieces`).
    var owesOutput: Bool { isActive && pictures.owesPieces }

    /// The next piece of a large picture, once the terminal has taken the last one (`hasRoom`): a terminal slow
    /// to take them slows the picture, never the loop.
    func continueOutput() {
        guard owesOutput else { return }
        guard hasRoom(queued: queuedOutput) else {
            outputLooksInVain += 1
            return
        }
        outputLooksInVain = 0
        pictures.pieceBytes = pieceBytes
        let bytes = pictures.continued()
        if !bytes.isEmpty { writeAll(bytes) }
    }

    /// The next piece (`continueOutput`), only if the terminal is believed to take it within `seconds` at its
    /// measured speed (before the next bar step is due: docs/IMAGES.md, "Sixel tiles"); false, with nothing
    /// written, when it would not.
    func continueOutput(within seconds: Double) -> Bool {
        guard owesOutput else { return true }
        if let writer {
            pictures.pieceBytes = pieceBytes
            guard writer.throughput.seconds(for: pictures.nextPieceBytes) <= seconds else { return false }
        }
        continueOutput()
        return true
    }

    /// How long until the terminal is believed to have taken what waits (at least a millisecond, at most a
    /// frame): when the loop looks again whether the next piece is due. Each look in vain in a row after the first
    /// doubles it, so that a terminal that stopped reading (Ctrl-S) is looked at 60 times a second, not a thousand.
    var outputWait: Double {
        guard let writer else { return ViewerModel.frameInterval }
        // The first look in vain looks again as soon (the terminal was a little slower than believed).
        let backoff = Double(1 << min(max(outputLooksInVain - 1, 0), 5))
        return min(max(writer.throughput.seconds(for: queuedOutput), 0.001) * backoff, ViewerModel.frameInterval)
    }
}
