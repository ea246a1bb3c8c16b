/// How a cell is drawn: attributes and colours. Attributes carry meaning on their own, so the
/// screen still reads right without colour (`--no-color`, NO_COLOR).
package struct CellStyle: Sendable, Equatable, Hashable {
    package var bold = false
    package var dim = false
    package var reverse = false
    package var underline = false
    package var foreground = TerminalColor.standard
    package var background = TerminalColor.standard

    /// The terminal's default look.
    package static let plain = CellStyle()

    /// This style with colours dropped, attributes kept.
    package var withoutColor: CellStyle {
        var copy = self
        copy.foreground = .standard
        copy.background = .standard
        return copy
    }
}
