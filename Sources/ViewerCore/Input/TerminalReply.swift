/// An answer the terminal sent to a query of the program.
package enum TerminalReply: Sendable, Equatable {
    /// `CSI ? flags u`: the kitty keyboard protocol is there, with these flags in force.
    case keyboardFlags(Int)
    /// `CSI ? … c`: the primary device attributes (DA1); every terminal answers it, so it ends a probe.
    case primaryDeviceAttributes
    /// `OSC 11 ; rgb:… ST`: the terminal's background colour, 0xRRGGBB (`BackgroundQuery`).
    case backgroundColor(UInt32)
    /// An answer to the graphics probe (`GraphicsProbe`): the kitty graphics query, XTVERSION,
    /// XTSMGRAPHICS, the sizes in pixels, DECRPM for mode 2026, and DA1 with its attributes (which then
    /// also comes as `primaryDeviceAttributes`, the sentinel every probe waits for).
    case graphics(GraphicsReply)
}
