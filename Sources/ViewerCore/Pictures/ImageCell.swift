/// One cell of a converted picture: a block symbol and its two colours.
package struct ImageCell: Sendable, Hashable {
    /// `▀`, `▄`, `▌`, `▐`, `█` or a space.
    package var character: Character
    package var foreground: TerminalColor
    package var background: TerminalColor

    package init(character: Character, foreground: TerminalColor, background: TerminalColor) {
        self.character = character
        self.foreground = foreground
        self.background = background
    }
}
