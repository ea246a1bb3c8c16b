/// The queries that ask the terminal what it can draw (SPEC 8.1; docs/IMAGES.md, "Detection"), written
/// once in the start-up batch. Every query is one the terminal answers in order, or ignores; DA1 comes last,
/// so its answer says that every other answer has arrived (every terminal answers DA1).
package enum GraphicsProbe {
    /// The image id of the kitty query; its answer carries it (`i=31`).
    package static let kittyQueryID = 31

    /// The kitty graphics query: one 1×1 RGB pixel sent directly (`t=d`), only queried (`a=q`: nothing is
    /// stored or drawn).
    package static let kittyQuery = "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    /// The image id of the kitty query by file; its answer carries it (`i=32`).
    package static let kittyFileQueryID = 32
    /// The probe file's content: the one RGB pixel of `kittyFileQuery` (black).
    package static let kittyFilePixel: [UInt8] = [0, 0, 0]

    /// The kitty graphics query by temporary file: the same 1×1 RGB pixel, read by the terminal from the file
    /// at `path` (`t=t`: it deletes the file once read; the path goes in base64), only queried. `OK` says the
    /// terminal reads this machine's files (docs/IMAGES.md, "Kitty pictures by file").
    package static func kittyFileQuery(path: String) -> String {
        "\u{1B}_Gi=\(kittyFileQueryID),s=1,v=1,a=q,t=t,f=24;" + String(decoding: Base64.encode(Array(path.utf8)), as: UTF8.self)
            + "\u{1B}\\"
    }
    /// XTVERSION: the terminal's name and version (`DCS > | text ST`).
    package static let versionQuery = "\u{1B}[>0q"
    /// XTSMGRAPHICS: read the number of sixel colour registers (item 1), then the largest sixel
    /// geometry (item 2).
    package static let sixelQueries = "\u{1B}[?1;1;0S\u{1B}[?2;1;0S"
    /// The text area's size in pixels (`CSI 14 t`) and one cell's (`CSI 16 t`), for terminals whose
    /// TIOCGWINSZ has no pixels (xterm answers these only with allowWindowOps).
    package static let pixelQueries = "\u{1B}[14t\u{1B}[16t"
    /// DECRQM for mode 2026, synchronized output.
    package static let synchronizedOutputQuery = "\u{1B}[?2026$p"
    /// Primary device attributes (DA1): the sentinel, last.
    package static let sentinel = "\u{1B}[c"

    /// Everything the batch writes for pictures, DA1 last. The keyboard probe's `CSI ? u` may go before
    /// it in the same write; then this DA1 answer ends both.
    package static let queryBytes: [UInt8] = queryBytes(kittyFile: nil)

    /// `queryBytes` with the kitty query by file after the direct one, when a probe file was made at `kittyFile`.
    package static func queryBytes(kittyFile: String?) -> [UInt8] {
        let fileQuery = kittyFile.map(kittyFileQuery(path:)) ?? ""
        return Array((kittyQuery + fileQuery + versionQuery + sixelQueries + pixelQueries + synchronizedOutputQuery
            + sentinel).utf8)
    }
}
