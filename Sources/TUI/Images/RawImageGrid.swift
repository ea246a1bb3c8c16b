import CImages

/// Cells as chafa gives them: a code point and two raw colours (palette index or 0xRRGGBB, -1 for
/// none). The helper sends these; the viewer's side turns them into `ImageCells`.
struct RawImageGrid: Sendable {
    let columns: Int
    let rows: Int
    var cells: [cimg_cell]

    /// The grid in `TerminalColor`s. A background without a colour of its own (a transparent cell)
    /// takes `background`; a space's foreground is its background and a full block's background its
    /// foreground, so that an invisible colour never costs a colour pair. A code point that is not a scalar, or a colour the mode cannot produce,
    /// is treated the same way (a helper's reply is checked, not trusted).
    func imageCells(mode: ImageColorMode, background: TerminalColor) -> ImageCells {
        let converted = cells.map { raw -> ImageCell in
            let back = mode.color(raw: raw.background) ?? background
            let character = Unicode.Scalar(raw.codepoint).map(Character.init) ?? " "
            let safe = Self.isDrawable(character) ? character : " "
            // A colour that cannot show is made equal to the other: fewer distinct pairs to draw.
            switch safe {
            case " ": return ImageCell(character: " ", foreground: back, background: back)
            case "█":
                let fore = mode.color(raw: raw.foreground) ?? back
                return ImageCell(character: "█", foreground: fore, background: fore)
            default: return ImageCell(character: safe, foreground: mode.color(raw: raw.foreground) ?? back, background: back)
            }
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
