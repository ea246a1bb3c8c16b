/// A picture's cells under `--ascii`, where the terminal cannot show block elements: in colour, each
/// cell becomes a space in the colour of its top (or left) half, a mosaic at the cells' own
/// resolution; without colour (shapes), each shade becomes an ASCII character of about its coverage.
/// Without this the frame's last check would turn every cell into `~`.
package enum ASCIIPicture {
    /// Which of a cell's two colours a block element shows at its top (or left): the foreground
    /// (true) or the background (false); a symbol not listed shows its background.
    static let foregroundFirst: [Character: Bool] = [
        "█": true, "▀": true, "▌": true, "▄": false, "▐": false, " ": false,
    ]

    /// The shapes (docs/IMAGES.md, "Without colour") by coverage, in the ASCII characters of about
    /// the same ink: a quarter, a half, three quarters, all, the top half, the bottom half.
    static let shades: [Character: Character] = [
        " ": " ", "░": ".", "▒": "+", "▓": "%", "█": "#", "▀": "\"", "▄": "_",
    ]

    /// The cell as ASCII: its character and, in colour, its one background.
    package static func cell(_ cell: ImageCell, color: Bool) -> (character: Character, style: CellStyle) {
        guard color else { return (shades[cell.character] ?? "#", CellStyle.plain) }
        let top = foregroundFirst[cell.character] ?? false ? cell.foreground : cell.background
        return (" ", CellStyle(foreground: top, background: top))
    }
}
