/// Why a deck could not be loaded.
public enum DeckLoadError: Error, Sendable, Equatable {
    /// No file at the path (or a folder on the way is missing).
    case notFound(String)
    /// The path names a folder.
    case isDirectory(String)
    /// The file exists but may not be read.
    case permissionDenied(String)
    /// The file is larger than `limit` bytes (checked before reading a regular file whole).
    case tooLarge(String, limit: Int)
    /// The file could not be opened for another reason (`errno`).
    case cannotOpen(String, errno: Int32)
    /// Reading failed part-way (`errno`).
    case readFailed(String, errno: Int32)
    /// A folder deck without a `stories.json` holds no picture or video (every one it holds is shown): how many
    /// entries could not be read.
    case noPictures(String, unreadable: Int)
    /// The bytes are not a valid deck: its first problems in file order (at most
    /// `DeckLimits.maximumReportedProblems`), and how many more there are.
    case invalid([DeckProblem], omitted: Int)

    /// The error as lines of text for a person (without the `stories-tui: ` prefix), safe to print to a
    /// terminal: for an invalid deck, each problem's message with its position in words
    /// (`stories[2].duration: must be greater than 0 (got -1) (line 4, column 32)`), then how many were left out.
    /// - Parameter language: the language to write them in.
    public func message(in language: Language) -> [String] {
        DeckMessageCatalogue.lines(for: self, in: language)
    }

    /// The error as `--check` prints it: for an invalid deck, each problem as `DeckProblem.diagnosticLine`
    /// (`FILE:LINE:COLUMN: error: MESSAGE`), then `FILE: note: and N more problems …` when some were left out;
    /// for any other error, `message(in:)`.
    /// - Parameters:
    ///   - file: the deck's path as given, `-` for standard input.
    ///   - language: the language of the messages.
    public func diagnosticLines(file: String, language: Language) -> [String] {
        guard case .invalid(let problems, let omitted) = self else { return message(in: language) }
        var lines = problems.map { $0.diagnosticLine(file: file, language: language) }
        if omitted > 0 {
            lines.append(DiagnosticFormat.line(file: file, line: nil, column: nil, severity: "note",
                                               message: DeckMessageCatalogue.moreProblems(omitted, in: language)))
        }
        return lines
    }

    /// The error as `--check --format json` prints it, one JSON object a line: for an invalid deck, each problem
    /// as `DeckProblem.jsonLine`, then, when some were left out, `{"path":…,"line":null,"column":null,
    /// "jsonPath":null,"code":"more-problems","message":…,"count":N}`; for any other error, one object with the
    /// same keys, `code` from `code` and the message's lines joined by `; `.
    public func jsonLines(file: String, language: Language) -> [String] {
        guard case .invalid(let problems, let omitted) = self else {
            return [DiagnosticFormat.jsonObject(filePart(file) + [
                ("code", JSONText.quoted(code)),
                ("message", JSONText.quoted(message(in: language).joined(separator: "; "))),
            ])]
        }
        var lines = problems.map { $0.jsonLine(file: file, language: language) }
        if omitted > 0 {
            lines.append(DiagnosticFormat.jsonObject(filePart(file) + [
                ("code", JSONText.quoted("more-problems")),
                ("message", JSONText.quoted(DeckMessageCatalogue.moreProblems(omitted, in: language))),
                ("count", String(omitted)),
            ]))
        }
        return lines
    }

    /// A stable machine name for the error, like `DeckProblemKind.code` (`invalid` for an invalid deck,
    /// whose problems have their own codes).
    public var code: String {
        switch self {
        case .notFound: return "not-found"
        case .isDirectory: return "is-directory"
        case .permissionDenied: return "permission-denied"
        case .tooLarge: return "too-large"
        case .cannotOpen: return "cannot-open"
        case .readFailed: return "read-failed"
        case .noPictures: return "no-pictures"
        case .invalid: return "invalid"
        }
    }

    private func filePart(_ file: String) -> [(key: String, value: String)] {
        [("path", JSONText.quoted(file)), ("line", "null"), ("column", "null"), ("jsonPath", "null")]
    }
}
