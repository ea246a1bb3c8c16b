extension InputDecoder {
    /// Where the decoder is between two bytes.
    package enum State: Sendable, Equatable {
        /// Between keys.
        case ground
        /// Inside a UTF-8 character (`alt`: it follows an Esc).
        case text(UTF8Assembler, alt: Bool)
        /// After an Esc: a lone Esc, Alt+key, or the start of a sequence.
        case escape
        /// After Esc Esc: Alt+Esc, or Alt and a CSI/SS3 key sequence.
        case doubleEscape
        /// Inside `ESC [`; the parameter and intermediate bytes are in `buffer`.
        case controlSequence(alt: Bool)
        /// Inside `ESC O`; parameter bytes are in `buffer`.
        case singleShift(alt: Bool)
        /// After `CSI [` (Linux console F1–F5): one letter follows.
        case linuxFunctionKey(alt: Bool)
        /// After `CSI M`: three raw bytes follow (button, column, row), collected in `buffer`.
        case x10Mouse
        /// Inside OSC, DCS, APC, PM or SOS, swallowed to its terminator (`afterEscape`: an ESC was the last
        /// byte, which is ST if a `\` follows).
        case string(endsWithBell: Bool, afterEscape: Bool)
        /// Inside a bracketed paste; `matched` bytes of the end marker `ESC [ 2 0 1 ~` were just seen.
        case paste(matched: Int)
    }
}
