/// The terminal modes the viewer turns on after curses set the screen up, and off before curses
/// gives it back: one table, so that every mode switched on is switched off on every exit path.
struct TerminalModes: Sendable, Equatable {
    /// One private mode (`CSI ? n h` / `CSI ? n l`) and why it is on.
    struct Mode: Sendable, Equatable {
        let number: Int
        let purpose: String
    }

    /// Mouse buttons (press and release) in SGR form, bracketed paste (a paste arrives as one
    /// unit, never as keys), focus reports (a key release lost with the focus ends a hold).
    static let standard: [Mode] = [
        Mode(number: 1000, purpose: "mouse button press and release"),
        Mode(number: 1006, purpose: "mouse reports in SGR form (any column, press and release told apart)"),
        Mode(number: 2004, purpose: "bracketed paste"),
        Mode(number: 1004, purpose: "focus in and out"),
    ]

    var modes: [Mode] = Self.standard
    /// Extra bytes after the modes on the way in, and before them on the way out (the kitty
    /// keyboard flags push and pop).
    var extraEnable: [UInt8] = []
    var extraDisable: [UInt8] = []
    /// Bytes before everything on the way out: kitty's delete of every picture (`PictureWriter.removeAll`).
    var picturesDisable: [UInt8] = []

    /// The bytes that turn every mode on.
    var enable: [UInt8] { Self.sequences(modes, final: "h") + extraEnable }

    /// The bytes that turn every mode off, in reverse order.
    var disable: [UInt8] { picturesDisable + extraDisable + Self.sequences(modes.reversed(), final: "l") }

    /// `CSI ? n h` (or `l`) for each mode, appended as bytes (no string joining on the way to the
    /// first frame).
    private static func sequences(_ modes: some Sequence<Mode>, final: Unicode.Scalar) -> [UInt8] {
        var bytes: [UInt8] = []
        for mode in modes {
            bytes += [0x1B, UInt8(ascii: "["), UInt8(ascii: "?")]
            bytes += String(mode.number).utf8
            bytes.append(UInt8(ascii: final))
        }
        return bytes
    }
}
