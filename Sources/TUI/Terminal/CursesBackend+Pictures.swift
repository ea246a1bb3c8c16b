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
    func setPictures(_ next: [FramePicture]) { pictures.set(next, terminalBehind: queuedOutput > PictureWriter.pieceBytes) }

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
        let bytes = pictures.shows(room: queuedOutput <= PictureWriter.pieceBytes)
        if !bytes.isEmpty { writeAll(bytes) }
    }

    /// Whether pieces of a large picture wait (`PictureWriter.owesPieces`).
    var owesOutput: Bool { isActive && pictures.owesPieces }

    /// The next piece of a large picture, once the writer's pipe holds no more than a piece: a terminal
    /// slow to take them slows the picture, never the loop.
    func continueOutput() {
        guard owesOutput, queuedOutput <= PictureWriter.pieceBytes else { return }
        let bytes = pictures.continued()
        if !bytes.isEmpty { writeAll(bytes) }
    }
}
