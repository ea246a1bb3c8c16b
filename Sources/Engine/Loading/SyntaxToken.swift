/// What the JSON parser found where it expected something else.
public enum SyntaxToken: Sendable, Equatable {
    /// The input ended.
    case endOfInput
    /// A printable word or character (deck text: sanitised and shortened when quoted in a message).
    case text(String)
    /// A character that is not printed as itself (a control, a bidirectional control); shown as `U+XXXX`.
    case scalar(UInt32)
}
