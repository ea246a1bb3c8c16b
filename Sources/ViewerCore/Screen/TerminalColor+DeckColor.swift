import Engine

extension TerminalColor {
    /// A deck's colour as a cell colour: a named one is its palette index, `#RRGGBB` stays 24-bit (the
    /// backend shows the nearest colour the terminal has).
    package init(_ color: DeckColor) {
        switch color {
        case .named(let index): self = .indexed(index)
        case .rgb(let red, let green, let blue): self = .rgb(red, green, blue)
        }
    }
}
