@testable import TUI
@testable import ViewerCore

/// A terminal in memory (ratatui's TestBackend): it keeps the cells the viewer put, shows them on
/// `flush`, and counts what a real terminal would cost: cells written, flushes, control bytes.
final class TestTerminal: TerminalBackend {
    private(set) var size: TerminalSize
    /// What the terminal shows: the cells as of the last flush.
    private(set) var shown: [[Cell]]
    private var pending: [(row: Int, column: Int, cell: Cell)] = []
    private(set) var cellsWritten = 0
    private(set) var flushes = 0
    private(set) var controlBytes: [UInt8] = []
    private(set) var invalidations = 0
    private(set) var suspended = false
    /// `invalidate()` was called: the next flush starts from a blank screen.
    private var erasePending = false
    private(set) var stopped = false
    /// The hyperlinks as of the last flush, and those set for the next one.
    private(set) var links: [FrameLink] = []
    private var pendingLinks: [FrameLink]?
    /// Pixel pictures as `CursesBackend` handles them (`PictureWriter`): every byte it would write for
    /// them, in order, and the rows it would have curses repaint whole.
    var pictures = PictureWriter()
    private(set) var pictureBytes: [UInt8] = []
    private(set) var repaintedRows: [Range<Int>] = []
    /// `modes.picturesDisable` as the way out writes it: recorded by `suspend` and `stop`.
    var picturesDisable: [UInt8] = []

    init(width: Int, height: Int) {
        size = TerminalSize(width: width, height: height)
        shown = Self.blank(size)
    }

    private static func blank(_ size: TerminalSize) -> [[Cell]] {
        Array(repeating: Array(repeating: Cell.blank(), count: size.width), count: size.height)
    }

    /// Changes the size as a resize would (the shell then tells the model).
    func resize(width: Int, height: Int) {
        size = TerminalSize(width: width, height: height)
        shown = Self.blank(size)
    }

    func updateSize() {}
    func invalidate() {
        invalidations += 1
        pictures.erased()
        pending.removeAll()
        erasePending = true
    }

    func put(_ cell: Cell, row: Int, column: Int) {
        pending.append((row, column, cell))
        cellsWritten += 1
    }

    func flush() {
        // As `CursesBackend`: pictures are written only when the frame changes them (`isOwed`); pieces
        // still owed go out through `continueOutput`, one a turn.
        let owed = pictures.isOwed
        if owed {
            let removal = pictures.removals()
            pictureBytes += removal.bytes
            repaintedRows += removal.rowsToRepaint
        }
        if erasePending { shown = Self.blank(size) }
        erasePending = false
        for (row, column, cell) in pending where row < size.height && column < size.width {
            shown[row][column] = cell
            // A wide character covers the cell to its right.
            if DisplayWidth.of(cell.text) == 2, column + 1 < size.width { shown[row][column + 1] = Cell(text: "", style: cell.style) }
        }
        pending.removeAll()
        if let pendingLinks { links = pendingLinks }
        pendingLinks = nil
        if owed { pictureBytes += pictures.shows() }
        flushes += 1
    }

    /// Whether quiet runs are written here (off: the loop draws every bar step, the reference they are compared to).
    var allowsQuietRuns = true
    /// The cells of the prepared quiet run, and how many quiet steps were written in all.
    private var quietCells: [PlacedCell?] = []
    private(set) var quietSteps = 0
    /// As `CursesBackend`: only with nothing put or owed since the last flush.
    func prepareQuietRun(_ cells: [PlacedCell?]) -> Bool {
        guard allowsQuietRuns, pending.isEmpty, !erasePending, pendingLinks == nil, !pictures.isOwed else { return false }
        quietCells = cells
        return true
    }
    /// A step shows as `put` and `flush` of its one cell would, and counts as they would.
    func writeQuietStep(_ index: Int) {
        quietSteps += 1
        guard let placed = quietCells[index] else { return }
        put(placed.cell, row: placed.row, column: placed.column)
        flush()
    }
    func endQuietRun(written count: Int) { quietCells = [] }

    func setLinks(_ links: [FrameLink]) { pendingLinks = links }
    /// The terminal has not taken what was written (`CursesBackend`'s pipe holds more than a piece).
    var behind = false
    func setPictures(_ pictures: [FramePicture]) { self.pictures.set(pictures, terminalBehind: behind) }
    var owesOutput: Bool { pictures.owesPieces }
    func continueOutput() {
        guard !behind else { return }
        pictureBytes += pictures.continued()
    }
    /// A terminal of a known speed (bytes a second, as `CursesBackend`'s measured one): a piece it would not take
    /// within the time given is not handed; nil: any piece is taken in time.
    var bytesPerSecond: Double?
    /// The times a piece was declined for the time left, and those asked with a piece owed.
    private(set) var declined: [Double] = []
    func continueOutput(within seconds: Double) -> Bool {
        if let bytesPerSecond, owesOutput, Double(pictures.nextPieceBytes) / bytesPerSecond > seconds {
            declined.append(seconds)
            return false
        }
        continueOutput()
        return true
    }
    func choosePictures(_ graphicsProtocol: GraphicsProtocol, synchronized: Bool) {
        pictures.synchronized = synchronized
        picturesDisable = PictureWriter.removeAll(graphicsProtocol)
    }

    func writeControl(_ bytes: [UInt8]) { controlBytes += bytes }
    func suspend() {
        suspended = true
        pictureBytes += pictures.unfinished() + picturesDisable
        pictures.forget()
    }
    func resume() { suspended = false }
    func stop() {
        if !stopped { pictureBytes += pictures.unfinished() + picturesDisable }
        stopped = true
        pictures.forget()
    }

    /// The screen as text, trailing blanks removed.
    var lines: [String] {
        shown.map { row in
            var line = row.map(\.text).joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
