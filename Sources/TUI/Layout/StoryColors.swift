/// The colours a deck or story asks for (its `background` and `accent` keys), as terminal colours:
/// a named colour of the 16 as `.indexed(0…15)`, `#RRGGBB` as `.rgb`, which the backend shows as
/// the nearest colour the terminal has. Nil keeps the theme's own.
struct StoryColors: Sendable, Equatable {
    var background: TerminalColor?
    var accent: TerminalColor?

    init(background: TerminalColor? = nil, accent: TerminalColor? = nil) {
        self.background = background
        self.accent = accent
    }
}
