/// A deck loaded with what `--check` should also say about it (`DeckLoader.loadReporting`).
public struct DeckLoadOutcome: Sendable {
    /// The deck, or why it could not be loaded.
    public var result: Result<Deck, DeckLoadError>
    /// What a folder deck left out (in name order); empty for a deck file.
    public var notes: [DeckNote]
    /// The file the deck was read from: `FOLDER/stories.json` for a folder that has one, else the path given.
    public var file: String
}
