/// A colour a cell can have: the terminal's own default, one of its 256 indexed colours (0–7 the
/// basic eight, 8–15 their bright twins, 16–255 the cube and greys), or a 24-bit colour that the
/// backend shows as is where the terminal can, else as the nearest colour it has.
enum TerminalColor: Sendable, Hashable {
    case standard
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    static let black = TerminalColor.indexed(0)
    static let red = TerminalColor.indexed(1)
    static let green = TerminalColor.indexed(2)
    static let yellow = TerminalColor.indexed(3)
    static let blue = TerminalColor.indexed(4)
    static let magenta = TerminalColor.indexed(5)
    static let cyan = TerminalColor.indexed(6)
    static let white = TerminalColor.indexed(7)
}
