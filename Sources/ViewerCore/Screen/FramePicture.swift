/// A pixel picture on a frame (SPEC 8.1): the cells it covers, which the frame holds as blanks so that
/// curses believes them blank, and the payload that draws it. The backend writes it after curses' frame
/// whenever it is new or curses repainted the screen, and removes the one it replaces
/// (`TerminalBackend.setPictures`).
package struct FramePicture: Sendable, Equatable {
    package var row: Int
    package var column: Int
    package var columns: Int
    package var rows: Int
    package var payload: PixelPayload
    /// The story whose moving picture this is a frame of (its index; nil for a still picture): a frame takes the
    /// place of the one before it at the same cells without a gap (`PictureWriter.replaces`).
    package var movingPicture: Int?

    package init(row: Int, column: Int, columns: Int, rows: Int, payload: PixelPayload, movingPicture: Int? = nil) {
        self.row = row
        self.column = column
        self.columns = columns
        self.rows = rows
        self.payload = payload
        self.movingPicture = movingPicture
    }
}
