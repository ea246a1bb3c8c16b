import Engine

/// The deck as plain text (SPEC 1 `--plain`, and when standard output is not a terminal):
/// titles, captions, art or alt text, `[n/m]` positions. Deck text was sanitised at load, so
/// no escape sequence can appear in it.
enum PlainText {
    /// The whole deck as lines.
    static func lines(for deck: Deck, messages: Messages) -> [String] {
        var lines: [String] = []
        if let title = deck.title {
            lines.append(title)
            lines.append("")
        }
        let count = deck.stories.count
        var groupStarts: [Int: String] = [:]
        for group in deck.groups { groupStarts[group.range.lowerBound] = group.title }
        for (index, story) in deck.stories.enumerated() {
            if let group = groupStarts[index] {
                lines.append("== \(group) ==")
                lines.append("")
            }
            let heading = "[\(index + 1)/\(count)]"
            lines.append(story.title.map { "\(heading) \($0)" } ?? heading)
            if let art = story.art {
                lines.append(contentsOf: art.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            } else if let image = story.image {
                lines.append(messages.image(story.alt ?? image))
            }
            if let alt = story.alt, story.art != nil {
                lines.append(alt)
            }
            if let caption = story.caption {
                lines.append(contentsOf: caption.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            }
            lines.append("")
        }
        return lines
    }
}
