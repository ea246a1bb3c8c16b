import Engine

/// How to draw, fixed for a run: character set, colour, language.
package struct LayoutOptions: Sendable, Equatable {
    /// Draw with ASCII only (`--ascii`, or a locale that cannot encode UTF-8).
    package var ascii = false
    /// Use colours (off with `--no-color` or NO_COLOR): attributes carry the meaning either way.
    package var color = true
    /// The colours the terminal has, for a gradient's rows (`BackgroundGradient`); set once the
    /// terminal is known.
    package var colorMode = ImageColorMode.truecolor
    /// Language of every word on screen.
    package var language = Language.english
}
