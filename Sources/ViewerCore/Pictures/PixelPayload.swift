/// A picture encoded for the terminal's own pixels (kitty's commands, a sixel string, an iTerm2 OSC
/// 1337), made by the helper for one request: the bytes that draw it at the cursor, and the id that
/// names it for the run (kitty deletes and places it again by that id). Two payloads are the same
/// picture when their protocol and id are: the bytes are not compared (hundreds of kilobytes).
package struct PixelPayload: Sendable {
    package let graphicsProtocol: GraphicsProtocol
    package let id: UInt32
    package let bytes: [UInt8]
    /// A sixel or iTerm2 picture made of bands (`BandUpload`): complete sequences one after another,
    /// each `bandRows` cell rows high (the last the rest), each placed at its own row; 0: one sequence.
    package let bandRows: Int
    /// A sixel picture whose bands are cut across the width too: each band is tiles of `bandColumns` cell
    /// columns (the last the rest), left to right, each a complete sequence placed at its own column; 0: the
    /// whole width.
    package let bandColumns: Int

    /// A kitty picture made for a temporary file (`KittyTransmission.file`): `bytes` are then the command's
    /// keys up to and including their `;` (`ESC _ G a=T,…,t=t;`), then the bare data the file holds; the writer
    /// puts the data in a new file and sends the keys with the file's path at display time (`KittyFileTransfer`).
    package let kittyTransmission: KittyTransmission

    package init(graphicsProtocol: GraphicsProtocol, id: UInt32, bytes: [UInt8], bandRows: Int = 0, bandColumns: Int = 0,
                 kittyTransmission: KittyTransmission = .direct) {
        self.graphicsProtocol = graphicsProtocol
        self.id = id
        self.bytes = bytes
        self.bandRows = max(0, bandRows)
        self.bandColumns = max(0, bandColumns)
        self.kittyTransmission = graphicsProtocol == .kitty ? kittyTransmission : .direct
    }
}

extension PixelPayload: Equatable {
    package static func == (lhs: PixelPayload, rhs: PixelPayload) -> Bool {
        lhs.graphicsProtocol == rhs.graphicsProtocol && lhs.id == rhs.id && lhs.bytes.count == rhs.bytes.count
            && lhs.kittyTransmission == rhs.kittyTransmission
    }
}
