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
    /// the payload does not start as the encoder writes it.
    init?(id: UInt32, payload: [UInt8], placement: [UInt8]) {
        let head = Array("\u{1B}_Ga=T".utf8)
        guard payload.starts(with: head) else { return nil }
        var transmit = payload
        transmit[head.count - 1] = UInt8(ascii: "t")
        self.id = id
        self.transmit = transmit
        self.placement = placement
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
