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

    /// Written out and inlinable, not synthesised: the backend (TUI, another module) compares colours
    /// at every cell it writes, and a synthesised `==` is a call through the witness table there.
    @inlinable
    package static func == (left: TerminalColor, right: TerminalColor) -> Bool {
        switch (left, right) {
        case (.standard, .standard): return true
        case let (.indexed(a), .indexed(b)): return a == b
        case let (.rgb(r1, g1, b1), .rgb(r2, g2, b2)): return r1 == r2 && g1 == g2 && b1 == b2
        default: return false
        }
    }
}
