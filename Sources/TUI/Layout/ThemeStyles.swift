import Engine

/// The styles of one theme. Dark is the terminal's own colours (terminal users overwhelmingly run
/// dark terminals, and default colours let each bar step cost a cursor move and one character
/// instead of ~30 bytes of colour codes); light is explicit black text on white. Without colour only
/// the attributes remain, which is enough to read every part of the screen.
struct ThemeStyles: Sendable, Equatable {
    let base: CellStyle
    let title: CellStyle
    let bar: CellStyle
    let track: CellStyle
    let muted: CellStyle
    let selected: CellStyle

    init(theme: Theme, color: Bool) {
        var base = CellStyle.plain
        if color && theme == .light { base = CellStyle(foreground: .black, background: .white) }
        self.base = base
        var title = base
        title.bold = true
        self.title = title
        // No attribute on the bar: its glyphs (full, eighths, track) carry the meaning by shape.
        bar = base
        var track = base
        track.dim = true
        self.track = track
        muted = track
        var selected = base
        selected.reverse = true
        self.selected = selected
    }
}
