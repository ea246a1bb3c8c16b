import Engine

/// The deck as plain text (the man page, OPTIONS and EXIT STATUS `--plain`, and when standard output is not a terminal):
/// titles, captions, art or alt text, links, `[n/m]` positions. Deck text was sanitised at load, so
/// no escape sequence can appear in it.
package enum PlainText {
    /// The whole deck as lines.
    package static func lines(for deck: Deck, messages: Messages) -> [String] {
        var all: [String] = []
        forEachPart(of: deck, messages: messages) { all += $0; return true }
        return all
    }

    /// The deck's lines a story at a time (the deck title comes with the first), so that a deck of a
    /// million stories is printed without all its text in memory; `body` returns false to stop. `videoLength` gives a
    /// video story's length of one run in seconds, when known (the caller reads the file; the core reads none).
    package static func forEachPart(of deck: Deck, messages: Messages, videoLength: (Story) -> Double? = { _ in nil },
                                    _ body: ([String]) -> Bool) {
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
            } else if let image = story.image, story.isVideo {
                lines.append(messages.video(story.alt ?? image, length: videoLength(story)))
            } else if let image = story.image, let moving = deck.movingPictures[index] {
                lines.append(messages.animation(story.alt ?? image, length: moving.runLength))
            } else if let image = story.image {
                lines.append(messages.image(story.alt ?? image))
            }
            if let alt = story.alt, story.art != nil {
                lines.append(alt)
            }
            if let caption = story.caption {
                lines.append(contentsOf: caption.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            }
            // The whole address, which a terminal or a reader makes clickable (checked at load: no controls).
            if let link = story.link { lines.append(link) }
            lines.append("")
            guard body(lines) else { return }
            lines.removeAll(keepingCapacity: true)
        }
        if !lines.isEmpty { _ = body(lines) }
    }
}
