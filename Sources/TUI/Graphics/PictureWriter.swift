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
/// again. A kitty picture larger than `pieceBytes` goes out in pieces, one at a time once the terminal took the
/// last (`KittyUpload`, `owesPieces`, `nextPiece`), so that no write waits for the terminal to take hundreds of
/// kilobytes; a sixel or iTerm2 picture goes out band by band, whole bands of at most `pieceBytes` a piece
/// (`BandUpload`), and a leaving one's bands not yet out are dropped (each band written is complete).
///
/// A picture arriving at the very cells of a leaving one (a moving picture's next frame, `replaces`) takes its
/// place without a gap: the old one stays until the new one is drawn. Kitty's old picture is deleted by id right
/// after the new one's placement, in the same write and synchronized update (`retiring`); a sixel or iTerm2
/// frame is drawn over the one before (its rows are not repainted first).
struct PictureWriter: Sendable {
    /// The most bytes of a picture written in one piece where the terminal's speed is not known (a test's
    /// terminal, no writer thread).
    static let pieceBytes = 256 << 10
    /// The most bytes of a picture written in one piece (more go out in the next pieces): the backend sets it
    /// from the terminal's measured speed (`TerminalThroughput.pieceBytes`) before each frame and piece.
    var pieceBytes = Self.pieceBytes
    /// Whether the terminal reported mode 2026 (synchronized output).
    var synchronized = false
    /// The pictures on the terminal.
    private(set) var shown: [FramePicture] = []
    /// The pictures of the next frame.
    private var next: [FramePicture] = []
    /// Large kitty pictures still going out, oldest first.
    private var uploads: [KittyUpload] = []
    /// Sixel and iTerm2 pictures whose bands are still going out, oldest first.
    private var bands: [BandUpload] = []
    /// Kitty placements left from before an erase, deleted by id at the next update (the erase itself
    /// is not known to remove them).
    private var leftovers: [UInt32] = []
    /// Kitty pictures on screen whose deletion waits for the picture that replaces them (by its id) to be placed.
    private var retiring: [UInt32: [UInt32]] = [:]

    /// Whether `new` takes the place of `old`: the next frame of the same moving picture, in the same protocol at
    /// the same cells (a still picture, another story's, leaves first: a sixel one's rows repainted, since the
    /// next picture may leave pixels transparent).
    static func replaces(_ new: FramePicture, _ old: FramePicture) -> Bool {
        new.movingPicture != nil && new.movingPicture == old.movingPicture
            && new.payload.graphicsProtocol == old.payload.graphicsProtocol && new.payload.id != old.payload.id
            && new.row == old.row && new.column == old.column && new.rows == old.rows && new.columns == old.columns
    }

    /// The deletion by id of `id`, and of the pictures waiting for it to be placed (it goes without being placed).
    private mutating func delete(_ id: UInt32) -> [UInt8] {
        Self.deletions(of: [id] + (retiring.removeValue(forKey: id) ?? []))
    }

    /// Kitty's deletions by id, each with its data.
    private static func deletions(of ids: [UInt32]) -> [UInt8] {
        ids.flatMap { GraphicsSequence.remove(.kitty, id: $0, keepData: false) }
    }

    /// Kitty's placement of `placement`'s picture `id`, then the deletion of the pictures it replaces: one
    /// synchronized update, so that the terminal never shows the box without either.
    private mutating func placing(_ placement: [UInt8], id: UInt32) -> [UInt8] {
        let replaced = retiring.removeValue(forKey: id) ?? []
        return GraphicsSequence.wrapped(placement + Self.deletions(of: replaced), synchronized: synchronized)
    }

    /// Whether the next update changes any picture.
    var isOwed: Bool { next != shown || !leftovers.isEmpty || !placementsDue.isEmpty || !unfinishedBeforeRemoval.isEmpty }

    /// Whether pieces of a large picture wait for the next frames.
    var owesPieces: Bool { !uploads.isEmpty || !bands.isEmpty || skipped != nil }

    /// A moving picture's frames not drawn while the terminal was behind (`set(_:terminalBehind:)`): drawn by
    /// `continued` once it has caught up, unless a later frame comes first.
    private var skipped: [FramePicture]?

    /// What the loop writes between frames while `owesPieces`, once the terminal took what was written: the next
    /// piece of an upload, else the frames skipped while it was behind (they replace frames: nothing to remove
    /// first, no rows to repaint).
    mutating func continued() -> [UInt8] {
        guard uploads.isEmpty, bands.isEmpty, let frames = skipped else { return nextPiece() }
        skipped = nil
        next = frames
        return removals().bytes + shows()
    }

    /// About the bytes `continued` writes next: a kitty upload's piece (`pieceBytes`), a sixel's or iTerm2's
    /// next whole bands (`BandUpload.nextPieceBytes`), 0 for skipped frames (whose size is not looked at).
    /// The loop hands it before a bar step only if the terminal is believed to take it by then.
    var nextPieceBytes: Int {
        if !uploads.isEmpty { return pieceBytes }
        return bands.first?.nextPieceBytes(pieceBytes) ?? 0
    }

    /// The next piece of the uploads (the placement of one whose chunks are all out, too), or the next
    /// bands of a sixel or iTerm2 picture: what a frame writes, after curses' update.
    mutating func nextPiece() -> [UInt8] {
        guard !uploads.isEmpty else {
            guard !bands.isEmpty else { return [] }
            let piece = bands[0].nextPiece(pieceBytes)
            if bands[0].isWritten { bands.removeFirst() }
            return piece
        }
        var bytes = Array(uploads[0].nextPiece(pieceBytes))
        if uploads[0].isTransmitted {
            let upload = uploads.removeFirst()
            bytes += placing(upload.placement, id: upload.id)
        }
        return bytes
    }

    /// The chunks not yet written of every upload, then the placements of those whose picture is in
    /// `placing`: due before any other graphics command (a deletion, another picture, the way out's).
    private mutating func finishUploads(placing: [FramePicture] = []) -> (chunks: [UInt8], placements: [UInt8]) {
        var chunks: [UInt8] = []
        var placements: [UInt8] = []
        for index in uploads.indices {
            chunks += uploads[index].rest()
            if placing.contains(where: { $0.payload.id == uploads[index].id }) {
                placements += self.placing(uploads[index].placement, id: uploads[index].id)
            }
        }
        uploads = []
        return (chunks, placements)
    }

    /// What the way out must write before its own bytes (`TerminalModes.disable`): the rest of any
    /// upload, so that kitty reads its delete as a command of its own. Bands not yet out are dropped: the
    /// picture leaves with the alternate screen, and every band written was whole.
    mutating func unfinished() -> [UInt8] {
        bands = []
        return finishUploads().chunks
    }

    /// The pictures of the next frame.
    mutating func set(_ pictures: [FramePicture]) {
        next = pictures
        skipped = nil
    }

    /// The pictures of the next frame, when the terminal has not yet taken more than a piece of what was written
    /// (`terminalBehind`): a moving picture's next frames (each replacing one on screen, nothing else changing)
    /// are then skipped, the frames on screen kept, so that a terminal too slow for the frames gets fewer of them,
    /// by the story's clock, rather than a queue that grows until the loop blocks. The last of them is drawn once it
    /// has caught up (`owesPieces`, `continued`). `terminalBehind` is asked only for such a frame (a system call).
    mutating func set(_ pictures: [FramePicture], terminalBehind: @autoclosure () -> Bool) {
        let arriving = pictures.filter { !shown.contains($0) }
        let onlyFrames = !arriving.isEmpty && pictures.count == shown.count
            && arriving.allSatisfy { new in shown.contains { Self.replaces(new, $0) } }
        guard onlyFrames, uploads.isEmpty, bands.isEmpty, terminalBehind() else { return set(pictures) }
        next = shown
        skipped = pictures
    }

    /// The screen was erased (a repaint, a resize): a sixel or iTerm2 picture went with its cells;
    /// kitty's placements are deleted by id at the next update, and every picture is written again.
    mutating func erased() {
        leftovers += shown.filter { $0.payload.graphicsProtocol == .kitty }.map(\.payload.id) + retiring.values.joined()
        retiring = [:]
        shown = []
        bands = []
        unfinishedBeforeRemoval += finishUploads().chunks
    }

    /// Chunks of uploads cut short by an erase, written before the next removals.
    private var unfinishedBeforeRemoval: [UInt8] = []
    /// Placements of uploads finished early (before a deletion), written after curses' update.
    private var placementsDue: [UInt8] = []

    /// The terminal was given back (suspend, exit): its way out deleted every kitty picture
    /// (`removeAll`), so nothing is on it.
    mutating func forget() {
        leftovers = []
        shown = []
        uploads = []
        bands = []
        retiring = [:]
        skipped = nil
        unfinishedBeforeRemoval = []
        placementsDue = []
    }

    /// Before curses' update: the bytes that remove pictures leaving, and the rows curses must repaint
    /// whole (those of sixel and iTerm2 pictures leaving).
    mutating func removals() -> (bytes: [UInt8], rowsToRepaint: [Range<Int>]) {
        var rows: [Range<Int>] = []
        var bytes = unfinishedBeforeRemoval
        unfinishedBeforeRemoval = []
        // A frame replaced in place leaves once its successor is drawn (a kitty one still going out, at once).
        var replaced: [FramePicture] = []
        for old in shown where !next.contains(old) {
            guard let new = next.first(where: { !shown.contains($0) && Self.replaces($0, old) }) else { continue }
            guard old.payload.graphicsProtocol == .kitty else {
                replaced.append(old)
                continue
            }
            let waiting = retiring.removeValue(forKey: old.payload.id) ?? []
            let placed = !uploads.contains { $0.id == old.payload.id }
            retiring[new.payload.id, default: []] += waiting + (placed ? [old.payload.id] : [])
            if placed { replaced.append(old) }
        }
        let deletesNow = shown.contains { $0.payload.graphicsProtocol == .kitty && !(next + replaced).contains($0) }
        if !leftovers.isEmpty || deletesNow {
            // A deletion is a graphics command: the uploads go first (placed, after the update, only if
            // their picture stays).
            let finished = finishUploads(placing: next.filter(shown.contains))
            bytes += finished.chunks
            placementsDue += finished.placements
        }
        for id in leftovers { bytes += GraphicsSequence.remove(.kitty, id: id, keepData: false) }
        leftovers = []
        for picture in shown where !next.contains(picture) && !replaced.contains(picture) {
            if picture.payload.graphicsProtocol == .kitty {
                bytes += delete(picture.payload.id)
            } else {
                rows.append(picture.row..<picture.row + picture.rows)
            }
        }
        // A sixel or iTerm2 picture leaving: its bands not yet out are not written (its rows are repainted).
        bands.removeAll { band in !next.contains { $0.payload.id == band.id && shown.contains($0) } }
        shown.removeAll { !next.contains($0) }
        return (bytes, rows)
    }

    /// After curses' update: the bytes that write the pictures arriving, and the first piece owed unless
    /// the writer's pipe has no `room` for one (the next frames then write it).
    mutating func shows(room: Bool = true) -> [UInt8] {
        var bytes = placementsDue
        placementsDue = []
        let arriving = next.filter { !shown.contains($0) }
        // Another kitty picture is a graphics command: the uploads under way go first.
        if arriving.contains(where: { $0.payload.graphicsProtocol == .kitty }) {
            let finished = finishUploads(placing: shown.filter(next.contains))
            bytes += finished.chunks + finished.placements
        }
        for picture in arriving {
            let payload = picture.payload
            // A picture by file: its data in a new temporary file now, the command a hundred bytes or so.
            let data = payload.kittyTransmission == .file ? KittyFileTransfer.command(payload.bytes) : payload.bytes
            if payload.graphicsProtocol == .kitty, data.count > pieceBytes,
               let upload = KittyUpload(id: payload.id, payload: data,
                                        placement: GraphicsSequence.show(.kitty, column: picture.column, row: picture.row,
                                                                         id: payload.id, payload: [], synchronized: false)) {
                uploads.append(upload)
                continue
            }
            if payload.graphicsProtocol == .kitty, retiring[payload.id] != nil {
                bytes += placing(GraphicsSequence.show(.kitty, column: picture.column, row: picture.row, id: payload.id,
                                                       payload: data, synchronized: false), id: payload.id)
                continue
            }
            if let band = BandUpload(picture, synchronized: synchronized) {
                bands.append(band)
                continue
            }
            bytes += GraphicsSequence.show(payload.graphicsProtocol, column: picture.column, row: picture.row,
                                           id: payload.id, payload: data, synchronized: synchronized)
        }
        shown = next
        return room ? bytes + nextPiece() : bytes
    }

    /// What leaves the alternate screen with no kitty picture on it or in its memory, in every way out
    /// (quit, a signal, Ctrl-Z, a crash: `TerminalModes.picturesDisable`): kitty's delete of every
    /// placement and its data (`a=d,d=A`); sixel and iTerm2 leave with the alternate screen.
    static func removeAll(_ graphicsProtocol: GraphicsProtocol) -> [UInt8] {
        graphicsProtocol == .kitty ? Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8) : []
    }
}
