/// A terminal's size in cells.
package struct TerminalSize: Sendable, Hashable {
    package var width: Int
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The largest area ever drawn: a terminal may claim any size (65535×65535), but frames stay
    /// bounded; what lies beyond is left blank.
    package static let drawable = TerminalSize(width: 1000, height: 1000)

    /// This size clamped to `drawable` and to at least 0×0.
    package var clamped: TerminalSize {
        TerminalSize(width: min(max(0, width), Self.drawable.width), height: min(max(0, height), Self.drawable.height))
    }
}
