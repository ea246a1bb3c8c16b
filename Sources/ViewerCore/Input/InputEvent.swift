/// One thing the terminal reported on the input descriptor, decoded from its bytes by `InputDecoder`.
package enum InputEvent: Sendable, Equatable {
    /// A key was pressed, repeated or (where the terminal reports it) released.
    case key(KeyEvent)
    /// A mouse button, wheel or motion report.
    case mouse(MouseEvent)
    /// A bracketed paste: ignored as one unit, never read as keys.
    case paste
    /// The terminal window gained (true) or lost (false) focus, where focus reporting is on.
    case focus(Bool)
    /// An answer to a query the program sent (kitty keyboard flags, primary device attributes).
    case reply(TerminalReply)
}
