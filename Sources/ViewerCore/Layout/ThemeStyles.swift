import Engine

/// The styles of one screen, from its theme and the story's colours, in the terminal's own palette
/// so that they suit the user's colour scheme:
/// - a hierarchy: the title bold, the caption and art in the text colour, chrome (tracks, group,
///   durations, footers) dim, and the accent (cyan on dark, blue on light, or the story's own) for
///   what says where you are: the current segment's track, the position, `Paused`, the selection;
/// - dark is the terminal's own colours, so a bar step (a fill cell in the text colour) costs a
///   cursor move and one character, no colour codes; light is black on bright white;
/// - a story `background` replaces the theme's, with black or white text, whichever reads;
/// - without colour only attributes remain (bold, dim, reverse), enough to read every part.
package struct ThemeStyles: Sendable, Equatable {
    /// Text and art.
    package let base: CellStyle
    package let title: CellStyle
    package let caption: CellStyle
    /// The accent colour on the base background: the position, the current segment's track.
    package let accent: CellStyle
    /// Filled bar cells: the text colour with no attribute, so that a bar step is cheap.
    package let bar: CellStyle
    /// The track of segments not yet reached.
    package let track: CellStyle
    /// The unplayed part of the current segment.
    package let currentTrack: CellStyle
    /// Secondary words: the group title, durations, footers, markers.
    package var muted: CellStyle
    /// The highlighted row of a list, and `Paused`: the accent as a background.
    package let selected: CellStyle
    /// A one-line notice (a reload that failed).
    package let notice: CellStyle
    /// A story's link: underlined in the accent, as links are.
    package let link: CellStyle

    /// Black or white text, whichever reads on `background` (also each row of a gradient).
    package static func textColor(on background: TerminalColor) -> TerminalColor {
        background.isLight == true ? .black : .indexed(15)
    }

    /// The accent when the story sets none, on a background of its own (also each row of a gradient):
    /// blue on a light one, else the theme's.
    package static func defaultAccent(on background: TerminalColor, theme: Theme) -> TerminalColor {
        background.isLight == true ? .blue : defaultAccent(for: theme)
    }

    /// The accent when the story sets none: colours every palette has, readable on the theme.
    package static func defaultAccent(for theme: Theme) -> TerminalColor { theme == .light ? .blue : .cyan }

    package init(theme: Theme, color: Bool, colors: StoryColors = StoryColors()) {
        var base = CellStyle.plain
        var accentColor = colors.accent ?? Self.defaultAccent(for: theme)
        if let background = colors.background {
            base.background = background
            base.foreground = Self.textColor(on: background)
            if colors.accent == nil { accentColor = Self.defaultAccent(on: background, theme: theme) }
        } else if theme == .light {
            base = CellStyle(foreground: .black, background: .indexed(15))
        }
        if !color { base = base.withoutColor }
        self.base = base
        var title = base
        title.bold = true
        self.title = title
        caption = base
        bar = base
        var accent = base
        if color, accentColor != base.background { accent.foreground = accentColor }
        self.accent = accent
        // Without colour the current track is plain against the dim tracks: still told apart.
        currentTrack = accent
        var track = base
        track.dim = true
        self.track = track
        muted = track
        var selected = accent
        selected.reverse = true
        self.selected = selected
        notice = title
        var link = accent
        link.underline = true
        self.link = link
    }
}
