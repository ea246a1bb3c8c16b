/// How a cell is drawn: attributes and colours. Attributes carry meaning on their own, so the
/// screen still reads right without colour (`--no-color`, NO_COLOR).
struct CellStyle: Sendable, Equatable, Hashable {
    var bold = false
    var dim = false
    var reverse = false
    var underline = false
    var foreground = TerminalColor.standard
    var background = TerminalColor.standard

    /// The terminal's default look.
    static let plain = CellStyle()

    /// This style with colours dropped, attributes kept.
    var withoutColor: CellStyle {
        var copy = self
        copy.foreground = .standard
        copy.background = .standard
        return copy
    }
}
