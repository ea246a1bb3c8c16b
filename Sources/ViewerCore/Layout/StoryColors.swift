/// The colours a deck or story asks for (its `background` and `accent` keys), as terminal colours:
/// a named colour of the 16 as `.indexed(0…15)`, `#RRGGBB` as `.rgb`, which the backend shows as
/// the nearest colour the terminal has. Nil keeps the theme's own.
///
/// The one place that says what is behind each row (`background(row:of:mode:)`): the layout paints
/// the rows with it, and a picture's transparent pixels may show it.
package struct StoryColors: Sendable, Equatable {
    /// The background, or a gradient's top colour (row 0, under the bars).
    package var background: TerminalColor?
    /// A gradient `background`, top to bottom (its first stop is `background`); nil for one colour.
    package var gradient: BackgroundGradient?
    package var accent: TerminalColor?

    package init(background: TerminalColor? = nil, accent: TerminalColor? = nil, gradient: BackgroundGradient? = nil) {
        self.background = gradient?.stops.first ?? background
        self.gradient = gradient
        self.accent = accent
    }

    /// The background of row `row` of a screen of `rows` rows, in the colours of `mode`; nil for the
    /// theme's own.
    package func background(row: Int, of rows: Int, mode: ImageColorMode) -> TerminalColor? {
        guard let gradient else { return background }
        return gradient.color(row: row, of: rows, mode: mode)
    }
}
