/// How a deck file is written, told by its name: `.md` or `.markdown` is Markdown, anything else JSON.
public enum DeckFormat: Sendable, Equatable {
    case json
    case markdown

    /// The format of the deck at `path` (`-`, standard input, is JSON).
    public init(path: String) {
        let name = PathParts.name(of: path).lowercased()
        self = name.hasSuffix(".md") || name.hasSuffix(".markdown") ? .markdown : .json
    }
}
