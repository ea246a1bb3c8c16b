/// One problem found in a deck: where it is and what is wrong.
public struct DeckProblem: Sendable, Equatable {
    /// The JSON path of the value at fault, e.g. `stories[2].duration`; `$` is the whole document,
    /// and a path into a top-level array starts with it (`$[2].duration`).
    public var path: String
    /// The 1-based line of the value at fault, when known.
    public var line: Int?
    /// The 1-based column (in Unicode scalars) of the value at fault, when known.
    public var column: Int?
    /// What is wrong.
    public var kind: DeckProblemKind

    /// Creates a problem.
    public init(path: String, line: Int? = nil, column: Int? = nil, kind: DeckProblemKind) {
        self.path = path
        self.line = line
        self.column = column
        self.kind = kind
    }

    /// The problem as one line of text: `PATH: message (line L, column C)`, safe to print to a terminal.
    /// - Parameter language: the language to write it in.
    public func message(in language: Language) -> String {
        DeckMessageCatalogue.message(for: self, in: language)
    }
}
