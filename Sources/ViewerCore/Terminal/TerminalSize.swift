/// A terminal's size in cells.
struct TerminalSize: Sendable, Hashable {
    var width: Int
    var height: Int

    /// The largest area ever drawn: a terminal may claim any size (65535×65535), but frames stay
    /// bounded; what lies beyond is left blank.
    static let drawable = TerminalSize(width: 1000, height: 1000)

    /// This size clamped to `drawable` and to at least 0×0.
    var clamped: TerminalSize {
        TerminalSize(width: min(max(0, width), Self.drawable.width), height: min(max(0, height), Self.drawable.height))
    }
}
