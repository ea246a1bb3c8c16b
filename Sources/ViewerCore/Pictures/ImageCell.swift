/// One cell of a converted picture: a block symbol and its two colours.
struct ImageCell: Sendable, Hashable {
    /// `▀`, `▄`, `▌`, `▐`, `█` or a space.
    var character: Character
    var foreground: TerminalColor
    var background: TerminalColor
}
