import ViewerCore

/// The bytes that show and remove a pixel picture, as pure functions of the protocol, the box, the picture's
/// id and its encoded data (docs/IMAGES.md, "Sequences"). They are written after curses' frame, in the same
/// write. Each drawing saves the cursor (`ESC 7`), moves to the box's top left cell, and restores the cursor
/// and attributes (`ESC 8`), so that curses' idea of the cursor stays true; where the terminal reports
/// mode 2026 the whole is one synchronized update (`CSI ? 2026 h` … `CSI ? 2026 l`).
enum GraphicsSequence {
    static let beginSynchronized: [UInt8] = Array("\u{1B}[?2026h".utf8)
    static let endSynchronized: [UInt8] = Array("\u{1B}[?2026l".utf8)
    static let saveCursor: [UInt8] = [0x1B, UInt8(ascii: "7")]
    static let restoreCursor: [UInt8] = [0x1B, UInt8(ascii: "8")]

    /// Shows a picture with its top left corner at the 0-based `column` and `row`. `payload` is the
    /// encoder's data (kitty's transmit-and-place commands, or a sixel string); for kitty an empty payload
    /// places the picture already transmitted under `id` again (`a=p`), without sending it. Symbols and
    /// off, and sixel without data, write nothing.
    static func show(_ graphicsProtocol: GraphicsProtocol, column: Int, row: Int, id: UInt32, payload: [UInt8],
                     synchronized: Bool) -> [UInt8] {
        let body: [UInt8]
        switch graphicsProtocol {
        case .kitty:
            body = payload.isEmpty ? Array("\u{1B}_Ga=p,i=\(id),z=-1,C=1,q=2\u{1B}\\".utf8) : payload
        case .sixel, .iterm2:
            guard !payload.isEmpty else { return [] }
            body = payload
        case .symbols, .off:
            return []
        }
        let move = Array("\u{1B}[\(max(0, row) + 1);\(max(0, column) + 1)H".utf8)
        return wrapped(saveCursor + move + body + restoreCursor, synchronized: synchronized)
    }

    /// Removes the picture `id` from the screen. Kitty deletes its placements (`d=i`) and, unless `keepData`
    /// (an overlay that will close again), the picture's data as well (`d=I`). Sixel and iTerm2 pictures
    /// are cells of the screen: curses repainting those cells removes them, so nothing is written here.
    static func remove(_ graphicsProtocol: GraphicsProtocol, id: UInt32, keepData: Bool) -> [UInt8] {
        guard graphicsProtocol == .kitty else { return [] }
        return Array("\u{1B}_Ga=d,d=\(keepData ? "i" : "I"),i=\(id),q=2\u{1B}\\".utf8)
    }

    /// `bytes` as one synchronized update where the terminal has mode 2026 (else as they are).
    static func wrapped(_ bytes: [UInt8], synchronized: Bool) -> [UInt8] {
        synchronized ? beginSynchronized + bytes + endSynchronized : bytes
    }
}
