/// A terminal's size in cells.
package struct TerminalSize: Sendable, Hashable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The largest area ever drawn: a terminal may claim any size (65535×65535), but frames stay
    /// bounded; what lies beyond is left blank. Curses keeps three screens of 28-byte cells, so this
    /// area costs it about 34 MB, and the program stays within 64 MiB whatever it is told (at
    /// 1000×1000 curses alone took 84 MB). Beyond any screen made: an 8K display in a 6×12 font is
    /// 1280×360 cells, a 4K one 640×180.
    package static let drawable = TerminalSize(width: 1000, height: 400)

    /// This size clamped to `drawable` and to at least 0×0.
    package var clamped: TerminalSize {
        TerminalSize(width: min(max(0, width), Self.drawable.width), height: min(max(0, height), Self.drawable.height))
    }

    /// The one clamp for every size the program is told, before curses or the layout sees it: the
    /// terminal's (`TIOCGWINSZ`, at start and after each SIGWINCH) and `COLUMNS`/`LINES`. Each of
    /// `COLUMNS` and `LINES` that is a whole number from 1 wins over the terminal's (as curses has it);
    /// any number of digits is read, a too-large one being clamped like any other size. One that is
    /// not a size (empty, `0`, `-5`, `80x`) is left out, and the terminal's is used.
    /// - Parameters:
    ///   - columns: `COLUMNS`, if set.
    ///   - lines: `LINES`, if set.
    ///   - terminal: the terminal's own size, nil when it tells none (0×0 or no terminal).
    /// - Returns: nil when neither says anything (curses then takes terminfo's size, clamped later).
    package static func told(columns: String?, lines: String?, terminal: TerminalSize?) -> TerminalSize? {
        let width = columns.flatMap(Self.count) ?? terminal?.width
        let height = lines.flatMap(Self.count) ?? terminal?.height
        guard let width, let height else { return nil }
        return TerminalSize(width: width, height: height).clamped
    }

    /// A count of cells from 1, of any number of digits (more than `Int` holds reads as `Int.max`).
    private static func count(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let value = Int(text) ?? Int.max
        return value > 0 ? value : nil
    }
}
