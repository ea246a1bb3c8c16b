import ViewerCore

/// The end of `--help`: a deck to start from, and where the example decks are (docs/PACKAGING.md: the
/// Debian package installs `Examples/` as `/usr/share/doc/stories-tui/examples`).
extension Messages {
    /// The folder the Debian package installs the example decks into.
    static let installedExamples = "/usr/share/doc/stories-tui/examples"

    /// A minimal deck, as it would be saved in a file (the same in both languages but its words).
    var minimalDeck: [String] {
        let english = language == .english
        return [
            #"  [ { "title": "\#(english ? "Hello" : "Hola")", "caption": "\#(english ? "→ next, ← back, q quits" : "→ siguiente, ← atrás, q sale")" },"#,
            #"    { "title": "\#(english ? "Art" : "Arte")", "art": "\\o/\n |\n/ \\", "duration": 3 },"#,
            ##"    { "title": "\##(english ? "Sunset" : "Atardecer")", "background": ["#ff8a00", "#3a1c71"],"##,
            #"      "link": "https://example.com" } ]"#,
        ]
    }

    /// The lines after the keys: the minimal deck and the examples' folders.
    var firstRunHelp: String {
        let deck = minimalDeck.joined(separator: "\n")
        if language == .spanish {
            return """
            Un mazo mínimo (guárdalo como deck.json y ejecuta stories-tui deck.json):
            \(deck)
            Ejemplos: \(Self.installedExamples) (paquete), Examples/ (código).
            """
        }
        return """
        A minimal deck (save it as deck.json, then run stories-tui deck.json):
        \(deck)
        Examples: \(Self.installedExamples) (package), Examples/ (source).
        """
    }
}
