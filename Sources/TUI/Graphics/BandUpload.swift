import ViewerCore

/// A sixel or iTerm2 picture written band by band (docs/IMAGES.md, "Never stall"): its payload is complete
/// sequences one after another (a sixel's DCS strings ending `ESC \`, an iTerm2 picture's OSC 1337 ending
/// BEL), each `bandRows` cell rows high (`PixelPayload.bandRows`; the last the rest), so each is placed at
/// its own row with the cursor saved and restored (`GraphicsSequence.show`), and a piece is whole bands:
/// what comes between two pieces (curses' output, a bar step) is never read as picture data. A sixel cannot
/// be cut inside its DCS; the picture can be cut between bands, and a sixel's bands across the width into tiles
/// (`PixelPayload.bandColumns` cell columns each, the last the rest, left to right), each placed at its own
/// column, so that a piece of a wide picture stays small (docs/IMAGES.md, "Sixel tiles").
struct BandUpload: Sendable {
    /// The picture's id.
    let id: UInt32
    private let graphicsProtocol: GraphicsProtocol
    private let bytes: [UInt8]
    private let column: Int
    private let row: Int
    private let bandRows: Int
    private let bandColumns: Int
    private let columns: Int
    private let synchronized: Bool
    /// How many bytes of `bytes` are written, and the next band's (or tile's) row from the picture's top and
    /// column from its left.
    private var sent = 0
    private var nextRow = 0
    private var nextColumn = 0

    /// The bands of `picture` (a sixel or iTerm2 one), placed from its cells; nil for other protocols.
    init?(_ picture: FramePicture, synchronized: Bool) {
        let payload = picture.payload
        guard payload.graphicsProtocol == .sixel || payload.graphicsProtocol == .iterm2 else { return nil }
        id = payload.id
        graphicsProtocol = payload.graphicsProtocol
        bytes = payload.bytes
        column = picture.column
        row = picture.row
        bandRows = payload.bandRows
        bandColumns = payload.bandRows > 0 ? payload.bandColumns : 0
        columns = picture.columns
        self.synchronized = synchronized
    }

    /// Whether every band is out.
    var isWritten: Bool { sent >= bytes.count }

    /// The bytes of the next piece's bands (or tiles), their placements aside: as many whole ones as fit in
    /// `limit` bytes, at least one; 0 when every band is out.
    func nextPieceBytes(_ limit: Int) -> Int { pieceEnd(limit) - sent }

    /// Where the next piece of at most `limit` bytes (at least one band) ends in `bytes`.
    private func pieceEnd(_ limit: Int) -> Int {
        var end = sent
        while end < bytes.count {
            let next = bandEnd(from: end)
            guard end == sent || next - sent <= limit else { break }
            end = next
        }
        return end
    }

    /// The next bands (or tiles), each placed: as many whole ones as fit in `limit` bytes, at least one.
    mutating func nextPiece(_ limit: Int) -> [UInt8] {
        let pieceEnd = pieceEnd(limit)
        var piece: [UInt8] = []
        while sent < pieceEnd {
            let end = bandEnd(from: sent)
            piece += GraphicsSequence.show(graphicsProtocol, column: column + nextColumn, row: row + nextRow, id: id,
                                           payload: Array(bytes[sent..<end]), synchronized: synchronized)
            sent = end
            nextColumn += bandColumns
            if bandColumns == 0 || nextColumn >= columns {
                nextColumn = 0
                nextRow += bandRows
            }
        }
        return piece
    }

    /// Every band not yet written.
    mutating func rest() -> [UInt8] { nextPiece(Int.max) }

    /// The end of the band starting at `start`: just after its terminator (`ESC \` for sixel, BEL for
    /// iTerm2), or the payload's end for a picture of one sequence (`bandRows` 0) or one without one.
    private func bandEnd(from start: Int) -> Int {
        guard bandRows > 0 else { return bytes.count }
        var index = start
        while index < bytes.count {
            if graphicsProtocol == .iterm2 {
                if bytes[index] == 0x07 { return index + 1 }
            } else if bytes[index] == UInt8(ascii: "\\"), index > start, bytes[index - 1] == 0x1B {
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }
}
