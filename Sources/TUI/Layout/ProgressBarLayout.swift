/// Draws the segmented progress bars of the top row (SPEC 3): one segment per story of the current
/// group (or deck), one blank column between segments; done segments full, the current one filling
/// with eighth blocks over a track of its own (heavier, in the accent), later ones an empty track.
/// Without autoplay the current segment is all its own track, so it still shows where you are.
/// When the segments cannot each get 2 columns, a window of segments around the current one is
/// shown with markers where more exist.
struct ProgressBarLayout {
    /// Index (in the deck) of each story that has a segment, in order.
    let segments: Range<Int>
    /// The story being shown.
    let current: Int
    /// Fill of the current segment, in [0, 1].
    let progress: Double
    let ascii: Bool

    static let minimumSegmentWidth = 2
    private static let eighths: [String] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// The glyphs of one cell of a segment: full, empty and current differ in shape, not only colour.
    enum Glyph {
        static func full(ascii: Bool) -> String { ascii ? "#" : "█" }
        static func empty(ascii: Bool) -> String { ascii ? "-" : "░" }
        /// The unplayed part of the current segment.
        static func current(ascii: Bool, autoplay: Bool) -> String {
            ascii ? (autoplay ? "-" : "=") : (autoplay ? "░" : "▒")
        }
        static func more(left: Bool, ascii: Bool) -> String {
            ascii ? (left ? "<" : ">") : (left ? "‹" : "›")
        }
    }

    /// The styles of the bar's parts.
    struct Styles {
        var fill: CellStyle
        var track: CellStyle
        var currentTrack: CellStyle
        var marker: CellStyle
    }

    /// Where each visible segment goes, and whether more segments exist on either side.
    struct Geometry {
        var placements: [(story: Int, column: Int, width: Int)]
        var moreBefore: Bool
        var moreAfter: Bool
    }

    /// Places the segments in `width` columns starting at `left`.
    func geometry(left: Int, width: Int) -> Geometry {
        let count = segments.count
        guard count > 0, width > 0 else { return Geometry(placements: [], moreBefore: false, moreAfter: false) }
        var visible = segments
        var areaLeft = left
        var areaWidth = width
        if count * Self.minimumSegmentWidth + (count - 1) > width {
            // A window: "‹ " + k segments of 2+ columns with 1 blank between + " ›".
            let room = max(0, width - 4)
            let shown = max(1, min(count, (room + 1) / (Self.minimumSegmentWidth + 1)))
            let offset = current - segments.lowerBound
            let first = min(max(0, offset - shown / 2), count - shown)
            visible = (segments.lowerBound + first)..<(segments.lowerBound + first + shown)
            areaLeft = left + 2
            areaWidth = room
        }
        let gaps = visible.count - 1
        let total = max(0, areaWidth - gaps)
        let shown = visible.count
        let base = total / shown
        let extra = total % shown
        // The columns left over go one each to segments spread evenly and symmetrically
        // (the middle one of three, the first and last of three for two), never all at one end.
        // The k-th wider segment is at (2k + 1) · shown / (2 · extra): increasing, so one counter finds them.
        var given = 0
        var placements: [(story: Int, column: Int, width: Int)] = []
        placements.reserveCapacity(shown)
        var x = areaLeft
        for (offset, story) in visible.enumerated() {
            var segmentWidth = base
            if given < extra, (2 * given + 1) * shown / (2 * extra) == offset {
                segmentWidth += 1
                given += 1
            }
            placements.append((story, x, segmentWidth))
            x += segmentWidth + 1
        }
        return Geometry(placements: placements,
                        moreBefore: visible.lowerBound > segments.lowerBound,
                        moreAfter: visible.upperBound < segments.upperBound)
    }

    /// Draws into `frame` on `row`, between `left` and `left + width`. Without `autoplay` the
    /// current segment is drawn as its own track whatever `progress` says.
    func draw(into frame: inout Frame, row: Int, left: Int, width: Int, autoplay: Bool, styles: Styles) {
        let layout = geometry(left: left, width: width)
        if layout.moreBefore {
            frame.put(Glyph.more(left: true, ascii: ascii), row: row, column: left, style: styles.marker)
        }
        if layout.moreAfter {
            frame.put(Glyph.more(left: false, ascii: ascii), row: row, column: left + width - 1, style: styles.marker)
        }
        for placement in layout.placements {
            if placement.story == current {
                drawCurrent(into: &frame, row: row, column: placement.column, width: placement.width,
                            fill: autoplay ? progress : 0, autoplay: autoplay, styles: styles)
                continue
            }
            let full = placement.story < current
            let glyph = full ? Glyph.full(ascii: ascii) : Glyph.empty(ascii: ascii)
            for x in placement.column..<(placement.column + placement.width) {
                frame.put(glyph, row: row, column: x, style: full ? styles.fill : styles.track)
            }
        }
    }

    /// The width in columns of the current story's segment: the bar can change 8 times per column
    /// while the story plays, which tells the main loop how long it may sleep.
    func currentSegmentWidth(left: Int, width: Int) -> Int {
        geometry(left: left, width: width).placements.first { $0.story == current }?.width ?? 0
    }

    private func drawCurrent(into frame: inout Frame, row: Int, column: Int, width: Int, fill: Double,
                             autoplay: Bool, styles: Styles) {
        guard width > 0 else { return }
        let clamped = min(1, max(0, fill))
        let totalEighths = Int((clamped * Double(width * 8)).rounded(.down))
        let fullCells = totalEighths / 8
        let remainder = totalEighths % 8
        let track = Glyph.current(ascii: ascii, autoplay: autoplay)
        for cell in 0..<width {
            let x = column + cell
            if cell < fullCells {
                frame.put(Glyph.full(ascii: ascii), row: row, column: x, style: styles.fill)
            } else if cell == fullCells && remainder > 0 && (!ascii || remainder >= 4) {
                let glyph = ascii ? "=" : Self.eighths[remainder]
                frame.put(glyph, row: row, column: x, style: styles.fill)
            } else {
                frame.put(track, row: row, column: x, style: styles.currentTrack)
            }
        }
    }
}
