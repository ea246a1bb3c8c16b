/// Owns what is on the terminal (the last frame drawn, with the state it shows) and turns the next
/// state into the fewest cell writes, then one flush:
/// - a state that differs from the last only in progress is a bar step: the layout names the cells
///   between the two fronts (`ScreenLayout.barStep`), the ones that differ are set in the last frame
///   in place and put; nothing else is laid out or compared, whatever the width or the deck;
/// - anything else is laid out whole and `FrameDiff` finds the changed cells;
/// - over an erased terminal (the first frame, after `invalidate()` or a new size) blank cells are not
///   put at all: the backend's erase already shows them.
package final class Screen {
    package let backend: any TerminalBackend
    package let layout: ScreenLayout
    // The state below is `@exclusivity(unchecked)`: only the loop's thread draws, and the backend a frame
    // is put to never reaches the screen again; the runtime's checks cost a bar step about 100 instructions.
    /// The state last drawn; nil before the first frame and after `invalidate()`.
    @exclusivity(unchecked) private(set) var shownState: ViewState?
    /// The frame last drawn (empty with no state): set in place by a bar step, never copied.
    @exclusivity(unchecked) private(set) var shownFrame = Frame(width: 0, height: 0)
    /// The last bar step drawn since the last full layout: its later state is `shownState`, so the
    /// next step follows from it (`BarStep.next`) with the same geometry and styles.
    @exclusivity(unchecked) private var shownStep: BarStep?
    /// Whether the backend was erased since the last frame drawn (so it shows blanks only).
    @exclusivity(unchecked) private var erased = false
    /// What the last `draw` cost.
    @exclusivity(unchecked) private(set) var lastDraw = DrawCount()

    package init(backend: any TerminalBackend, layout: ScreenLayout) {
        self.backend = backend
        self.layout = layout
    }

    /// Draws the state at the backend's size and flushes when anything was put. Returns how many
    /// cells were written.
    @discardableResult
    package func draw(_ state: consuming ViewState) -> Int {
        let size = backend.size.clamped
        let sameSize = shownFrame.width == size.width && shownFrame.height == size.height
        let styles = shownStep?.styles, layout = layout
        if sameSize, let step = inPlace({ shown in
            shown.flatMap { layout.barStep(from: $0, to: state, width: size.width, height: size.height, styles: styles) }
        }) {
            shownState = state
            return apply(step)
        }
        let frame = layout.frame(for: state, width: size.width, height: size.height)
        let previous = shownState != nil && sameSize ? shownFrame : nil
        if previous == nil && !erased { invalidateBackend() }
        let changes = erased ? FrameDiff.changes(overBlank: frame) : FrameDiff.changes(from: previous, to: frame)
        for change in changes { backend.put(frame[change.row, change.column], row: change.row, column: change.column) }
        // Always, so that no link of an earlier frame (before a resize or a repaint) is written again.
        let linksChanged = frame.links != shownFrame.links
        backend.setLinks(frame.placedLinks)
        let picturesChanged = frame.pictures != shownFrame.pictures
        backend.setPictures(frame.pictures)
        if !changes.isEmpty || erased || linksChanged || picturesChanged { backend.flush() }
        shownState = state
        shownFrame = frame
        shownStep = nil
        erased = false
        lastDraw = DrawCount(visited: frame.width * frame.height, written: changes.count)
        return changes.count
    }

    /// Moves the bar of the state shown to `progress`, for a caller that knows nothing else changed
    /// (`ViewerSession` when the model has not changed since the last draw): no state is built or
    /// compared. Returns the cells written, or nil when the last frame cannot be stepped (none shown,
    /// a new size, an overlay open); then `draw` the whole state.
    package func step(toProgress progress: Double) -> Int? {
        let size = backend.size.clamped
        guard shownFrame.width == size.width, shownFrame.height == size.height else { return nil }
        let step: BarStep
        if let last = shownStep {
            step = last.next(toProgress: progress)
        } else {
            let layout = layout
            guard let first = inPlace({ shown in
                shown?.barStep(to: progress, in: layout, width: size.width, height: size.height)
            }) ?? nil else { return nil }
            step = first
        }
        inPlace { $0?.progress = progress }
        return apply(step)
    }

    /// The bar steps that follow the last one drawn, one for each of `progress` (increasing), for a quiet run
    /// (`BarSchedule`): the same `BarStep.next` chain `step(toProgress:)` follows. Nil when the last frame cannot
    /// be stepped (none shown, a new size) or no bar step was drawn since the last full layout.
    package func steps(toProgress progress: [Double]) -> [BarStep]? {
        guard followsStep, var last = shownStep else { return nil }
        var steps: [BarStep] = []
        steps.reserveCapacity(progress.count)
        for fraction in progress {
            last = last.next(toProgress: fraction)
            steps.append(last)
        }
        return steps
    }

    /// Whether a bar step was drawn since the last full layout, at the backend's size: `steps(toProgress:)` can
    /// follow it.
    package var followsStep: Bool {
        let size = backend.size.clamped
        return shownStep != nil && shownFrame.width == size.width && shownFrame.height == size.height
    }

    /// Takes the steps of a quiet run as drawn, up to `step` at `progress`: the backend wrote their cells itself
    /// (`TerminalBackend.writeQuietStep`; each step changes at most its one cell), so the last frame, the state
    /// shown and the last step become what `step(toProgress:)` at each would have left.
    package func took(_ step: BarStep, progress: Double, cells: ArraySlice<PlacedCell?>) {
        for case let placed? in cells { shownFrame.set(placed.cell, row: placed.row, column: placed.column) }
        shownStep = step
        inPlace { $0?.progress = progress }
        lastDraw = DrawCount(visited: step.columns.count, written: cells.last.map { $0 == nil ? 0 : 1 } ?? 0)
    }

    /// Sets a bar step's cells in the last frame, puts them, and flushes when any changed.
    private func apply(_ step: BarStep) -> Int {
        shownStep = step
        let backend = backend
        let written = step.apply(to: &shownFrame) { column, cell in backend.put(cell, row: step.row, column: column) }
        lastDraw = DrawCount(visited: step.columns.count, written: written)
        if written > 0 { backend.flush() }
        return written
    }

    /// Reads the state shown where it is stored: an `if let` of a class's property copies the whole
    /// state (its deck, its sets) on every bar step; through `inout` the access is exclusive and no
    /// copy is needed.
    private func inPlace<Answer>(_ read: (inout ViewState?) -> Answer) -> Answer {
        read(&shownState)
    }

    /// Forgets the screen's content and erases the backend (after a resize or a resume): the next draw
    /// puts every cell that is not blank.
    package func invalidate() {
        shownState = nil
        shownStep = nil
        shownFrame = Frame(width: 0, height: 0)
        invalidateBackend()
    }

    private func invalidateBackend() {
        backend.invalidate()
        erased = true
    }
}

private extension ViewState {
    /// `ScreenLayout.barStep(in:to:…)` of this state, called through an optional in place (no copy).
    func barStep(to progress: Double, in layout: ScreenLayout, width: Int, height: Int) -> BarStep? {
        layout.barStep(in: self, to: progress, width: width, height: height)
    }
}
