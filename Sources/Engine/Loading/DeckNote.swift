/// Something `--check` says about a deck that is not a problem: what a folder deck left out. Every picture and
/// video a folder holds is a story; only an entry that cannot be read is left out.
public enum DeckNote: Sendable, Equatable {
    /// An entry of a folder deck that could not be opened or read (its errno), left out.
    case unreadable(FolderEntry)

    /// The note for a person (`'a.png' left out: …`), safe to print to a terminal.
    public func message(in language: Language) -> String {
        DeckMessageCatalogue.message(for: self, in: language)
    }

    /// The note as `--check` prints it: `PATH: note: MESSAGE` (`note` is not translated: editors read it).
    public func diagnosticLine(file: String, language: Language) -> String {
        DiagnosticFormat.line(file: file, line: nil, column: nil, severity: "note", message: message(in: language))
    }
}
