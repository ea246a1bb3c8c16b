/// One answer of the terminal to the graphics probe (`GraphicsProbe.queryBytes`), parsed from its bytes
/// by `GraphicsReplyScanner`.
package enum GraphicsReply: Sendable, Equatable {
    /// `ESC _ G i=31;OK ESC \` (true) or `ESC _ G i=31;ENOTSUPPORTED:… ESC \` (false): the kitty
    /// graphics protocol answered the `a=q` query.
    case kittyGraphics(ok: Bool)
    /// `ESC _ G i=32;OK ESC \` (true) or an error such as `ESC _ G i=32;EBADF:… ESC \` (false): the
    /// terminal read (or could not read) the probe's temporary file (`GraphicsProbe.kittyFileQuery`).
    case kittyFiles(ok: Bool)
    /// `CSI ? 62 ; 4 ; … c`: the primary device attributes (DA1), the probe's last answer.
    case primaryDeviceAttributes([Int])
    /// `CSI ? item ; status ; values… S` (XTSMGRAPHICS): item 1 colour registers, 2 sixel geometry;
    /// status 0 is success, 1 an error in item, 2 an error in action, 3 a failure.
    case graphicsAttribute(item: Int, status: Int, values: [Int])
    /// `DCS > | text ST` (XTVERSION): the terminal's name and version, such as `kitty(0.26.5)`.
    case version(String)
    /// `CSI 4 ; height ; width t`: the text area's size in pixels.
    case windowPixels(PixelSize)
    /// `CSI 6 ; height ; width t`: one cell's size in pixels.
    case cellPixels(PixelSize)
    /// `CSI ? mode ; value $ y` (DECRPM): 0 unknown mode, 1 set, 2 reset, 3 permanently set,
    /// 4 permanently reset.
    case privateMode(mode: Int, value: Int)
}
