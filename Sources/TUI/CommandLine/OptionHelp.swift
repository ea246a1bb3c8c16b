/// An option's place in `--help`.
enum OptionHelp: Sendable {
    /// A row of its own: the text after the names, one string a line, in English and in Spanish.
    case row(english: [String], spanish: [String])
    /// Named on the row of the option just before it in the table (`--loop, --once`).
    case withPrevious
}
