import CImages

/// Cells as chafa gives them: a code point and two raw colours (palette index or 0xRRGGBB, -1 for
/// none). The helper sends these; the viewer's side turns them into `ImageCells`.
struct RawImageGrid: Sendable {
    let columns: Int
    let rows: Int
    var cells: [cimg_cell]

    /// The grid in `TerminalColor`s. A foreground without a colour of its own (a space's) takes the
    /// cell's background, so that it never costs a colour pair of its own; a background without one
    /// takes `background`. A code point that is not a scalar, or a colour the mode cannot produce,
    /// is treated the same way (a helper's reply is checked, not trusted).
    func imageCells(mode: ImageColorMode, background: TerminalColor) -> ImageCells {
        let converted = cells.map { raw -> ImageCell in
            let back = mode.color(raw: raw.background) ?? background
            let character = Unicode.Scalar(raw.codepoint).map(Character.init) ?? " "
            let safe = Self.isDrawable(character) ? character : " "
            return ImageCell(character: safe, foreground: mode.color(raw: raw.foreground) ?? back, background: back)
        }
        return ImageCells(columns: columns, rows: rows, cells: converted)
    }

    /// Block elements (U+2580–U+259F), the space and the other printable ASCII characters: all
    /// one column wide, none a control.
    private static func isDrawable(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return (0x20...0x7E).contains(scalar.value) || (0x2580...0x259F).contains(scalar.value)
    }
}

extension cimg_cell: @retroactive @unchecked Sendable {}
