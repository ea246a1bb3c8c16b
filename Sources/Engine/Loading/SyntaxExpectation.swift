/// What the JSON parser expected where it found something else.
public enum SyntaxExpectation: Sendable, Equatable {
    /// Any JSON value.
    case value
    /// An object key: a string in double quotes.
    case key
    /// The `:` after an object key.
    case colon
    /// A `,` or the `]` that closes an array.
    case commaOrClosingBracket
    /// A `,` or the `}` that closes an object.
    case commaOrClosingBrace
    /// A decimal digit inside a number.
    case digit
    /// One of the four hexadecimal digits of a `\u` escape.
    case hexDigit
    /// A character that may follow a backslash in a string.
    case escape
    /// Nothing more: the document has ended.
    case endOfInput
}
