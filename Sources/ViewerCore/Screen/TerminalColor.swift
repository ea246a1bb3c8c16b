/// A colour a cell can have: the terminal's own default, one of its 256 indexed colours (0–7 the
/// basic eight, 8–15 their bright twins, 16–255 the cube and greys), or a 24-bit colour that the
/// backend shows as is where the terminal can, else as the nearest colour it has.
package enum TerminalColor: Sendable, Hashable {
    case standard
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)

    package static let black = TerminalColor.indexed(0)
    package static let red = TerminalColor.indexed(1)
    package static let green = TerminalColor.indexed(2)
    package static let yellow = TerminalColor.indexed(3)
    package static let blue = TerminalColor.indexed(4)
    package static let magenta = TerminalColor.indexed(5)
    package static let cyan = TerminalColor.indexed(6)
    package static let white = TerminalColor.indexed(7)
}
