import CImages
import ViewerCore

/// Cells as chafa gives them: a code point and two raw colours (palette index or 0xRRGGBB, -1 for
/// none). The helper sends these; the viewer's side turns them into `ImageCells`.
struct RawImageGrid: Sendable {
    let columns: Int
    let rows: Int
    var cells: [cimg_cell]

    /// The grid in `TerminalColor`s. A colour of no colour of its own (a transparent cell, or shapes
    /// mode) is the terminal's default (`.standard`): such a cell is blank, or its shape, in the
    /// default colours; a half block whose symbol half is transparent becomes the other half block
    /// in the background's colour, so the transparent half stays blank. A cell of one colour is a full block in it (`█`, both colours the same, so that
    /// an invisible colour never costs a colour pair), never a coloured space: curses would erase a
    /// run of coloured spaces with the terminal's erase in the current background, which a terminal
    /// that does not match its TERM (tmux under `xterm-256color`, `TERM=xterm`) draws wrong
    /// (docs/IMAGES.md, "Any TERM"). A code point that is not a scalar, or a colour the mode cannot
    /// produce, is treated the same way (a helper's reply is checked, not trusted).
    func imageCells(mode: ImageColorMode) -> ImageCells {
        let converted = cells.map { raw -> ImageCell in
            let back = mode.color(raw: raw.background) ?? .standard
            let character = Unicode.Scalar(raw.codepoint).map(Character.init) ?? " "
            let safe = Self.isDrawable(character) ? character : " "
            switch safe {
            case " ":
                return back == .standard ? ImageCell(character: " ", foreground: .standard, background: .standard)
                    : ImageCell(character: "█", foreground: back, background: back)
            case "█":
                let fore = mode.color(raw: raw.foreground) ?? back
                return fore == .standard ? ImageCell(character: mode == .shapes ? "█" : " ", foreground: .standard,
                                                     background: .standard)
                    : ImageCell(character: "█", foreground: fore, background: fore)
            default:
                // Shapes carry no colour: the symbol in the default colours.
                if mode == .shapes { return ImageCell(character: safe, foreground: .standard, background: .standard) }
                guard let fore = mode.color(raw: raw.foreground) else {
                    // A transparent symbol half is left blank: the other half's symbol in the
                    // background's colour, never this symbol in the default foreground (the text
                    // colour's fringes around a sticker, SPEC 8.2).
                    guard back != .standard, let other = Self.otherHalf[safe] else {
                        return ImageCell(character: " ", foreground: .standard, background: .standard)
                    }
                    return ImageCell(character: other, foreground: back, background: .standard)
                }
                // Two halves of one colour are that colour's block.
                if fore == back, fore != .standard { return ImageCell(character: "█", foreground: fore, background: fore) }
                return ImageCell(character: safe, foreground: fore, background: back)
            }
        }
        return ImageCells(columns: columns, rows: rows, cells: converted)
    }

    /// Each half block's complement: the cell's other half.
    static let otherHalf: [Character: Character] = ["▀": "▄", "▄": "▀", "▌": "▐", "▐": "▌"]

    /// Block elements (U+2580–U+259F), the space and the other printable ASCII characters: all
    /// one column wide, none a control.
    private static func isDrawable(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return (0x20...0x7E).contains(scalar.value) || (0x2580...0x259F).contains(scalar.value)
    }
}

extension cimg_cell: @retroactive @unchecked Sendable {}
