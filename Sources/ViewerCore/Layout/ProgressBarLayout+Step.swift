/// The current segment cell by cell, for a bar step that redraws only what moved: where the segment
/// is (found in constant time, whatever the number of segments or the width), which cells a change
/// of progress can touch, and each cell from a fixed glyph, with no text analysis.
extension ProgressBarLayout {
    /// The first column and the width of the current story's segment, as `geometry` places it; nil
    /// when it has no segment. Constant time: the wider segments before it are counted, not placed.
    package func currentPlacement(left: Int, width: Int) -> (column: Int, width: Int)? {
        guard let window = window(left: left, width: width), window.visible.contains(current) else { return nil }
        let shown = window.visible.count
        let total = max(0, window.width - (shown - 1))
        let base = total / shown
        let extra = total % shown
        let offset = current - window.visible.lowerBound
        let widerBefore = Self.widerSegments(before: offset, shown: shown, extra: extra)
        let wider = Self.widerSegments(before: offset + 1, shown: shown, extra: extra) - widerBefore
        return (window.left + offset * (base + 1) + widerBefore, base + wider)
    }

    /// How many of the `extra` one-column-wider segments come before offset `offset`: the k-th is at
    /// ⌊(2k + 1) · shown / (2 · extra)⌋, so those before are the k with (2k + 1) · shown < 2 · extra · offset.
    package static func widerSegments(before offset: Int, shown: Int, extra: Int) -> Int {
        guard extra > 0, offset > 0 else { return 0 }
        let scaled = 2 * extra * offset
        let ceiling = (scaled + shown - 1) / shown
        return min(extra, ceiling / 2)
    }

    /// The eighths of a cell filled in a segment `segmentWidth` columns wide (none without autoplay).
    package func filledEighths(autoplay: Bool, segmentWidth: Int) -> Int {
        guard autoplay, segmentWidth > 0 else { return 0 }
        return Self.eighths(atProgress: progress, segmentWidth: segmentWidth)
    }

    /// Eighths of a segment `segmentWidth` cells wide filled at `progress`. The loop wakes at the time
    /// a step is due (`BarClock`), where progress can come out a rounding error short of the step:
    /// counted with the same tolerance on both sides, the step it woke for is the step drawn.
    package static func eighths(atProgress progress: Double, segmentWidth: Int) -> Int {
        let clamped = min(1, max(0, progress))
        return Int((clamped * Double(segmentWidth * 8) + 1e-9).rounded(.down))
    }

    /// How full the cell at `index` of the current segment shows when `eighths` are filled: 8 full
    /// (before the front), 1–7 the partial block at the front, 0 the segment's own track after it.
    /// Under `--ascii` a front under half a cell shows the track and any other shows `=` (as 4).
    package func currentFill(at index: Int, filledEighths eighths: Int) -> Int {
        let fullCells = eighths / 8
        if index < fullCells { return 8 }
        guard index == fullCells else { return 0 }
        let remainder = eighths % 8
        return ascii ? (remainder >= 4 ? 4 : 0) : remainder
    }

    /// The cell of the current segment for a fill from `currentFill`.
    package func currentCell(fill: Int, autoplay: Bool, styles: Styles) -> Cell {
        if fill >= 8 { return Cell(text: Glyph.full(ascii: ascii), style: styles.fill) }
        if let glyph = Glyph.partial(fill, ascii: ascii) { return Cell(text: glyph, style: styles.fill) }
        return Cell(text: Glyph.current(ascii: ascii, autoplay: autoplay), style: styles.currentTrack)
    }

    /// The cells of a segment `segmentWidth` wide that can differ between two fills: from the cell of
    /// the lower front to that of the higher (one cell for a step inside a cell, two when the front
    /// enters the next). Empty when the fills are equal.
    package static func changedCells(from old: Int, to new: Int, segmentWidth: Int) -> Range<Int> {
        guard old != new, segmentWidth > 0 else { return 0..<0 }
        let first = min(old, new) / 8
        let last = min(segmentWidth - 1, max(old, new) / 8)
        return first..<(last + 1)
    }
}
