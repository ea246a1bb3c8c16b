import Engine

/// The styles of one theme: dark (light text on black) or light (dark text on white). Without
/// colour only the attributes remain, which is enough to read every part of the screen.
struct ThemeStyles: Sendable, Equatable {
    let base: CellStyle
    let title: CellStyle
    let bar: CellStyle
    let track: CellStyle
    let muted: CellStyle
    let selected: CellStyle

    init(theme: Theme, color: Bool) {
        let foreground: TerminalColor = theme == .light ? .black : .white
        let background: TerminalColor = theme == .light ? .white : .black
        var base = CellStyle(foreground: foreground, background: background)
        if !color { base = .plain }
        self.base = base
        var title = base
        title.bold = true
        self.title = title
        bar = title
        var track = base
        track.dim = true
        self.track = track
        muted = track
        var selected = base
        selected.reverse = true
        self.selected = selected
    }
}
