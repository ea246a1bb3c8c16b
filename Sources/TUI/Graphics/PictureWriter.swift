import ViewerCore

/// What the terminal must be told about pixel pictures around one curses update (docs/IMAGES.md,
/// "Living with curses"), as a pure value the backend keeps: the pictures on the terminal, the ones the
/// next frame has.
///
/// Before the update: a picture leaving (story change, an overlay opening, a move) is removed: kitty's
/// placement and data deleted by id (`d=I`: data kept for later would pile up in kitty's memory, whose
/// quota then drops pictures we would place again blind), a sixel's or iTerm2's
/// rows handed back for curses to repaint whole (`rowsToRepaint`), which covers its pixels with the
/// cells curses believes are there. After the update: a picture arriving is written at its cells
/// (`GraphicsSequence.show`, inside synchronized output where the terminal has it). The same pictures
/// again write nothing; an erased screen (a repaint, a resize, `fg`) has none, so they are all written
/// again.
struct PictureWriter: Sendable {
    /// Whether the terminal reported mode 2026 (synchronized output).
    var synchronized = false
    /// The pictures on the terminal.
    private(set) var shown: [FramePicture] = []
    /// The pictures of the next frame.
    private var next: [FramePicture] = []
    /// Kitty placements left from before an erase, deleted by id at the next update (the erase itself
    /// is not known to remove them).
    private var leftovers: [UInt32] = []

    /// Whether the next update changes any picture.
    var isOwed: Bool { next != shown || !leftovers.isEmpty }

    /// The pictures of the next frame.
    mutating func set(_ pictures: [FramePicture]) { next = pictures }

    /// The screen was erased (a repaint, a resize): a sixel or iTerm2 picture went with its cells;
    /// kitty's placements are deleted by id at the next update, and every picture is written again.
    mutating func erased() {
        leftovers += shown.filter { $0.payload.graphicsProtocol == .kitty }.map(\.payload.id)
        shown = []
    }

    /// The terminal was given back (suspend, exit): its way out deleted every kitty picture
    /// (`removeAll`), so nothing is on it.
    mutating func forget() {
        leftovers = []
        shown = []
    }

    /// Before curses' update: the bytes that remove pictures leaving, and the rows curses must repaint
    /// whole (those of sixel and iTerm2 pictures leaving).
    mutating func removals() -> (bytes: [UInt8], rowsToRepaint: [Range<Int>]) {
        var bytes: [UInt8] = []
        var rows: [Range<Int>] = []
        for id in leftovers { bytes += GraphicsSequence.remove(.kitty, id: id, keepData: false) }
        leftovers = []
        for picture in shown where !next.contains(picture) {
            if picture.payload.graphicsProtocol == .kitty {
                bytes += GraphicsSequence.remove(.kitty, id: picture.payload.id, keepData: false)
            } else {
                rows.append(picture.row..<picture.row + picture.rows)
            }
        }
        shown.removeAll { !next.contains($0) }
        return (bytes, rows)
    }

    /// After curses' update: the bytes that write the pictures arriving.
    mutating func shows() -> [UInt8] {
        var bytes: [UInt8] = []
        for picture in next where !shown.contains(picture) {
            let payload = picture.payload
            bytes += GraphicsSequence.show(payload.graphicsProtocol, column: picture.column, row: picture.row,
                                           id: payload.id, payload: payload.bytes, synchronized: synchronized)
        }
        shown = next
        return bytes
    }

    /// What leaves the alternate screen with no kitty picture on it or in its memory, in every way out
    /// (quit, a signal, Ctrl-Z, a crash: `TerminalModes.picturesDisable`): kitty's delete of every
    /// placement and its data (`a=d,d=A`); sixel and iTerm2 leave with the alternate screen.
    static func removeAll(_ graphicsProtocol: GraphicsProtocol) -> [UInt8] {
        graphicsProtocol == .kitty ? Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8) : []
    }
}
