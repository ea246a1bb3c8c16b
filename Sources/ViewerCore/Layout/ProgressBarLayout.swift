/// Draws the segmented progress bars of the top row (docs/VIEWER.md, "Screen"): one segment per story of the current
/// group (or deck), one blank column between segments; done segments full, the current one filling
/// with eighth blocks over a track of its own (heavier, in the accent), later ones an empty track.
/// Without autoplay the current segment is all its own track, so it still shows where you are.
/// When the segments cannot each get 2 columns, a window of segments around the current one is
/// shown with markers where more exist.
package struct ProgressBarLayout {
    /// Index (in the deck) of each story that has a segment, in order.
    package let segments: Range<Int>
    /// The story being shown.
    package let current: Int
    /// Fill of the current segment, in [0, 1].
    package let progress: Double
    package let ascii: Bool

    package static let minimumSegmentWidth = 2

    /// The glyphs of one cell of a segment: full, empty and current differ in shape, not only colour.
    package enum Glyph {
        package static func full(ascii: Bool) -> String { ascii ? "#" : "█" }
        package static func empty(ascii: Bool) -> String { ascii ? "-" : "░" }
        /// The unplayed part of the current segment.
        package static func current(ascii: Bool, autoplay: Bool) -> String {
            ascii ? (autoplay ? "-" : "=") : (autoplay ? "░" : "▒")
        }
        package static func more(left: Bool, ascii: Bool) -> String {
            ascii ? (left ? "<" : ">") : (left ? "‹" : "›")
        }
        /// A cell of the current segment filled `eighths` eighths (1–7); under `--ascii` only a half
        /// or more shows, as `=`.
        package static func partial(_ eighths: Int, ascii: Bool) -> String? {
            guard eighths > 0, eighths < 8 else { return nil }
            if ascii { return eighths >= 4 ? "=" : nil }
            return blocks[eighths]
        }
        private static let blocks: [String] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    }

    /// The styles of the bar's parts.
    package struct Styles {
        package var fill: CellStyle
        package var track: CellStyle
        package var currentTrack: CellStyle
        package var marker: CellStyle
    }

    /// Where one segment goes: its story, first column and width.
    package struct Placement {
        package var story: Int
        package var column: Int
        package var width: Int
    }

    /// Where each visible segment goes, and whether more segments exist on either side.
    package struct Geometry {
        package var placements: [Placement]
        package var moreBefore: Bool
        package var moreAfter: Bool
    }

    /// The segments shown and the columns they share: all of them, or a window around the current
    /// one between the markers when they cannot each get 2 columns.
    package struct Window {
        package var visible: Range<Int>
        package var left: Int
        package var width: Int
    }

    /// The window for `width` columns starting at `left`; nil when nothing can be drawn.
    package func window(left: Int, width: Int) -> Window? {
        let count = segments.count
        guard count > 0, width > 0 else { return nil }
        guard count * Self.minimumSegmentWidth + (count - 1) > width else {
            return Window(visible: segments, left: left, width: width)
        }
        // A window: "‹ " + k segments of 2+ columns with 1 blank between + " ›".
        let room = max(0, width - 4)
        let shown = max(1, min(count, (room + 1) / (Self.minimumSegmentWidth + 1)))
        let offset = current - segments.lowerBound
        let first = min(max(0, offset - shown / 2), count - shown)
        return Window(visible: (segments.lowerBound + first)..<(segments.lowerBound + first + shown),
                      left: left + 2, width: room)
    }

    /// Places the segments in `width` columns starting at `left`.
    package func geometry(left: Int, width: Int) -> Geometry {
        guard let window = window(left: left, width: width) else {
            return Geometry(placements: [], moreBefore: false, moreAfter: false)
        }
        let visible = window.visible
        let gaps = visible.count - 1
        let total = max(0, window.width - gaps)
        let shown = visible.count
        let base = total / shown
        let extra = total % shown
        // The columns left over go one each to segments spread evenly and symmetrically
        // (the middle one of three, the first and last of three for two), never all at one end.
        // The k-th wider segment is at (2k + 1) · shown / (2 · extra): increasing, so one counter finds them.
        var given = 0
        var placements: [Placement] = []
        placements.reserveCapacity(shown)
        var x = window.left
        for (offset, story) in visible.enumerated() {
            var segmentWidth = base
            if given < extra, (2 * given + 1) * shown / (2 * extra) == offset {
                segmentWidth += 1
                given += 1
            }
            placements.append(Placement(story: story, column: x, width: segmentWidth))
            x += segmentWidth + 1
        }
        return Geometry(placements: placements,
                        moreBefore: visible.lowerBound > segments.lowerBound,
                        moreAfter: visible.upperBound < segments.upperBound)
    }

    /// Draws into `frame` on `row`, between `left` and `left + width`. Without `autoplay` the
    /// current segment is drawn as its own track whatever `progress` says.
    package func draw(into frame: inout Frame, row: Int, left: Int, width: Int, autoplay: Bool, styles: Styles) {
        let layout = geometry(left: left, width: width)
        // Every glyph of the bar is one narrow scalar: cells are set as they are, with no text analysis.
        if layout.moreBefore {
            frame.set(Cell(text: Glyph.more(left: true, ascii: ascii), style: styles.marker), row: row, column: left)
        }
        if layout.moreAfter {
            frame.set(Cell(text: Glyph.more(left: false, ascii: ascii), style: styles.marker), row: row,
                      column: left + width - 1)
        }
        for placement in layout.placements {
            if placement.story == current {
                let eighths = filledEighths(autoplay: autoplay, segmentWidth: placement.width)
                for index in 0..<placement.width {
                    frame.set(currentCell(fill: currentFill(at: index, filledEighths: eighths), autoplay: autoplay,
                                          styles: styles),
                              row: row, column: placement.column + index)
                }
                continue
            }
            let full = placement.story < current
            let cell = Cell(text: full ? Glyph.full(ascii: ascii) : Glyph.empty(ascii: ascii),
                            style: full ? styles.fill : styles.track)
            for x in placement.column..<(placement.column + placement.width) {
                frame.set(cell, row: row, column: x)
            }
        }
    }

    /// The width in columns of the current story's segment: the bar can change 8 times per column
    /// while the story plays, which tells the main loop how long it may sleep.
    package func currentSegmentWidth(left: Int, width: Int) -> Int {
        currentPlacement(left: left, width: width)?.width ?? 0
    }
}
