import ViewerCore

/// A kitty picture too large to write in one go (`PictureWriter.pieceBytes`), sent in pieces between
/// frames: its chunks transmit it without placing it (`a=t`), each piece ending at a chunk's end, so
/// that curses' output and bar steps may come between them; once the last chunk is out, one placement at
/// its cells (`a=p`, with the cursor saved and restored) shows it.
struct KittyUpload: Sendable {
    /// The picture's id.
    let id: UInt32
    /// The transmit commands, then the placement.
    private let transmit: [UInt8]
    let placement: [UInt8]
    /// How many bytes of `transmit` are written.
    private(set) var sent = 0

    /// An upload of `payload` (kitty's `a=T` commands from the encoder), placed by `placement`; nil when
    /// the payload does not start as the encoder writes it. A payload scaled to its cells (`scaled`) is
    /// placed so too: its `c=` and `r=` go into the placement's `a=p`.
    init?(id: UInt32, payload: [UInt8], placement: [UInt8]) {
        let head = Array("\u{1B}_Ga=T".utf8)
        guard payload.starts(with: head) else { return nil }
        var transmit = payload
        transmit[head.count - 1] = UInt8(ascii: "t")
        self.id = id
        self.transmit = transmit
        var placement = placement
        let keys = payload.prefix { $0 != UInt8(ascii: ";") }.split(separator: UInt8(ascii: ","))
        let scale = keys.filter { $0.starts(with: Array("c=".utf8)) || $0.starts(with: Array("r=".utf8)) }
        let place = Array("a=p".utf8)
        if !scale.isEmpty, let at = placement.indices.first(where: { placement[$0...].starts(with: place) }) {
            placement.insert(contentsOf: scale.flatMap { [UInt8(ascii: ",")] + $0 }, at: at + place.count)
        }
        self.placement = placement
    }

    /// The encoder's `a=T` commands of a picture made smaller than its box (`ImageRenderer.maximumPixels`),
    /// told to be scaled to `columns` × `rows` cells (`c=`, `r=` in the first command's keys), so that it
    /// fills its box as a picture within the limit does.
    static func scaled(_ payload: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        guard payload.starts(with: Array("\u{1B}_Ga=T".utf8)), let keysEnd = payload.firstIndex(of: UInt8(ascii: ";"))
        else { return payload }
        var scaled = payload
        scaled.insert(contentsOf: Array(",c=\(columns),r=\(rows)".utf8), at: keysEnd)
        return scaled
    }

    /// Whether every chunk is out (the placement is then due).
    var isTransmitted: Bool { sent >= transmit.count }

    /// The next piece of at least `bytes` bytes (or the rest), ending just after a chunk's `ESC \`.
    mutating func nextPiece(_ bytes: Int) -> ArraySlice<UInt8> {
        guard !isTransmitted else { return [] }
        var end = min(transmit.count, sent + max(1, bytes))
        while end < transmit.count, !(transmit[end - 1] == UInt8(ascii: "\\") && transmit[end - 2] == 0x1B) { end += 1 }
        defer { sent = end }
        return transmit[sent..<end]
    }

    /// Everything not yet transmitted: kitty must get a chunked transmission whole before any other
    /// graphics command (a deletion, the way out's `d=A`).
    mutating func rest() -> ArraySlice<UInt8> { nextPiece(transmit.count) }
}
