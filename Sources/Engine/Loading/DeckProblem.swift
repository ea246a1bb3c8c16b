/// One problem found in a deck: where it is and what is wrong.
public struct DeckProblem: Sendable, Equatable {
    /// The JSON path of the value at fault, e.g. `stories[2].duration`; empty for the whole document, and
    /// `[2].duration` in a top-level array.
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

    /// The message: the JSON path and what is wrong, `stories[2].duration: must be greater than 0 (got -1)`
    /// (see `DeckMessageCatalogue`), safe to print to a terminal. No position: that is the line's prefix.
    /// - Parameter language: the language to write it in.
    public func message(in language: Language) -> String {
        DeckMessageCatalogue.message(for: self, in: language)
    }

    /// The problem on one line in the form editors and problem matchers read:
    /// `FILE:LINE:COLUMN: error: MESSAGE`, or `FILE: error: MESSAGE` when the position is not known.
    /// - Parameters:
    ///   - file: the deck's path as the user gave it, `-` for standard input (cleaned of control characters,
    ///     not cut, so that an editor can open it).
    ///   - language: the language of the message (`error` stays as is: editors look for that word).
    public func diagnosticLine(file: String, language: Language) -> String {
        DiagnosticFormat.line(file: file, line: line, column: column, severity: "error",
                              message: message(in: language))
    }

    /// The problem as one JSON object, for `--format json`:
    /// `{"path":…,"line":…,"column":…,"jsonPath":…,"code":…,"message":…}`. `line` and `column` are null when not
    /// known; `jsonPath` is `path` (empty for the whole document); `code` is `kind.code`; `message` says what
    /// is wrong without the JSON path (`must be greater than 0 (got -1)`).
    /// - Parameters:
    ///   - file: the deck's path as given, `-` for standard input (exact; JSON escapes make it safe).
    ///   - language: the language of `message`.
    public func jsonLine(file: String, language: Language) -> String {
        DiagnosticFormat.jsonObject([
            ("path", JSONText.quoted(file)),
            ("line", line.map(String.init) ?? "null"),
            ("column", column.map(String.init) ?? "null"),
            ("jsonPath", JSONText.quoted(path)),
            ("code", JSONText.quoted(kind.code)),
            ("message", JSONText.quoted(DeckMessageCatalogue.describe(kind, in: language))),
        ])
    }
}
