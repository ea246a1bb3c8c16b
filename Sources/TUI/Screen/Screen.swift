/// Owns what is on the terminal (the last frame drawn) and turns the next frame into the fewest
/// cell writes: `FrameDiff` finds the changed cells, the backend gets only those, then one flush.
/// The frame before is also kept with its view state, so that a bar step redraws only the bar row.
final class Screen {
    let backend: any TerminalBackend
    let layout: ScreenLayout
    /// The last frame drawn and the state it shows; nil after `invalidate()`.
    private(set) var last: (state: ViewState, frame: Frame)?

    init(backend: any TerminalBackend, layout: ScreenLayout) {
        self.backend = backend
        self.layout = layout
    }

    /// Draws the state at the backend's size: lays it out (reusing the last frame where only the
    /// bar moved), writes the changed cells and flushes. Returns how many cells were written.
    @discardableResult
    func draw(_ state: ViewState) -> Int {
        let size = backend.size.clamped
        let frame = layout.frame(for: state, width: size.width, height: size.height, reusing: last)
        let previous = last?.frame
        var written = 0
        for (row, column) in FrameDiff.changes(from: previous, to: frame) {
            backend.put(frame[row, column], row: row, column: column)
            written += 1
        }
        last = (state, frame)
        if written > 0 || previous == nil { backend.flush() }
        return written
    }

    /// Forgets the screen's content (after a resize or a resume): the next draw writes every cell.
    func invalidate() {
        last = nil
        backend.invalidate()
    }
}
