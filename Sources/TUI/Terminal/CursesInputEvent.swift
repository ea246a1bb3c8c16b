/// One thing the user did at the terminal, as curses reads it (to be replaced by the byte decoder's `InputEvent`).
enum CursesInputEvent: Sendable, Equatable {
    /// The keys the viewer knows by name.
    enum Key: Sendable, Equatable {
        case left, right, up, down, home, end, enter, tab, escape, backTab
    }

    case key(Key)
    /// A printable character (space, letters, `?`).
    case character(Character)
    /// The left mouse button went down or up at a column of a screen `width` columns wide.
    case mousePress(column: Int, width: Int)
    case mouseRelease(column: Int, width: Int)
    /// A press and release reported together (some terminals): a click.
    case mouseClick(column: Int, width: Int)
    /// The terminal changed size.
    case resize
    /// Standard input ended (the terminal went away).
    case endOfInput
}
