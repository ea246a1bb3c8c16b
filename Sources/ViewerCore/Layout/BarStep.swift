/// What a bar step changes on screen. When two states differ only in progress, the cells of the
/// current segment between the two fronts are the only ones that can differ: `ScreenLayout.barStep`
/// finds them in constant time, so that a step's work depends neither on the terminal's width nor
/// on the deck's size. The full layout stays the reference: applied to the frame of the earlier
/// state, a step gives the frame `ScreenLayout.frame(for:width:height:)` gives for the later one.
package struct BarStep {
    /// The row of the bars.
    package let row: Int
    /// The frame columns whose cells can differ: the only ones looked at.
    package let columns: Range<Int>
    /// The bar at the later state's progress.
    package let bars: ProgressBarLayout
    /// The first column of the current segment, and its width.
    package let segmentColumn: Int
    package let segmentWidth: Int
    /// The eighths of the current segment filled at the earlier and at the later state.
    package let eighthsBefore: Int
    package let eighthsAfter: Int
    package let autoplay: Bool
    package let styles: ProgressBarLayout.Styles

    /// The step from this one's later state to the same state at `progress`: the same segment, row
    /// and styles, the fronts compared as numbers. Constant work, and no state to build or compare
    /// for a caller that knows only progress changed since (`Screen.step(toProgress:)`).
    package func next(toProgress progress: Double) -> BarStep {
        let bars = ProgressBarLayout(segments: self.bars.segments, current: self.bars.current,
                                     progress: autoplay ? progress : 0, ascii: self.bars.ascii)
        let after = bars.filledEighths(autoplay: autoplay, segmentWidth: segmentWidth)
        let cells = ProgressBarLayout.changedCells(from: eighthsAfter, to: after, segmentWidth: segmentWidth)
        return BarStep(row: row, columns: (segmentColumn + cells.lowerBound)..<(segmentColumn + cells.upperBound),
                       bars: bars, segmentColumn: segmentColumn, segmentWidth: segmentWidth,
                       eighthsBefore: eighthsAfter, eighthsAfter: after, autoplay: autoplay, styles: styles)
    }

    /// Sets in `frame` (the earlier state's) every cell of `columns` whose fill changed, telling
    /// `changed` about each; returns how many changed. Fills are compared as numbers: no text.
    @discardableResult
    package func apply(to frame: inout Frame, changed: (_ column: Int, _ cell: Cell) -> Void = { _, _ in }) -> Int {
        forEachChange { column, cell in
            frame.set(cell, row: row, column: column)
            changed(column, cell)
        }
    }

    /// Calls `body` with every cell of `columns` whose fill changed, and its new cell; returns how many.
    @discardableResult
    package func forEachChange(_ body: (_ column: Int, _ cell: Cell) -> Void) -> Int {
        var count = 0
        for column in columns {
            let index = column - segmentColumn
            let fill = bars.currentFill(at: index, filledEighths: eighthsAfter)
            guard fill != bars.currentFill(at: index, filledEighths: eighthsBefore) else { continue }
            body(column, bars.currentCell(fill: fill, autoplay: autoplay, styles: styles))
            count += 1
        }
        return count
    }
}
