import Engine

/// What the story list shows of a story: its title; else the start of its caption (its first
/// words, spaces run together); else its alt text; else what it shows (an image's file name, or
/// "(art)"). Only the start of a long text is read.
package struct StoryPreview: Equatable {
    /// Where the words come from: a title or caption reads as text, the rest as a description.
    package enum Source: Equatable { case title, caption, description }

    package let text: String
    package let source: Source

    /// How many characters of a caption or alt the preview looks at.
    package static let readLimit = 200

    package init(_ story: Story, messages: Messages) {
        if let title = story.title, let words = Self.words(title) {
            self.init(text: words, source: .title)
        } else if let caption = story.caption, let words = Self.words(caption) {
            self.init(text: words, source: .caption)
        } else if let alt = story.alt, let words = Self.words(alt) {
            self.init(text: words, source: .description)
        } else if let image = story.image {
            self.init(text: messages.picture(image, of: story), source: .description)
        } else {
            self.init(text: messages.artPreview, source: .description)
        }
    }

    package init(text: String, source: Source) {
        self.text = text
        self.source = source
    }

    /// The first words of a text, whitespace (line breaks too) run together; nil when it is blank.
    private static func words(_ text: String) -> String? {
        let start = text.prefix(readLimit)
        let joined = start.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        guard !joined.isEmpty else { return nil }
        return start.endIndex < text.endIndex ? joined + "…" : joined
    }
}
