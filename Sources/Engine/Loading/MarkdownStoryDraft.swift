/// One story of a Markdown deck while its block is read: the members it will hand to the validator, in the
/// order they appeared, with their positions in the file.
struct MarkdownStoryDraft {
    /// Where the block's first line that is not blank is (for "nothing to show").
    var line: Int32 = 0
    var column: Int32 = 1
    /// The members so far (title, image, alt, art, settings), in file order; the caption is added at the end.
    var members: [JSONMember] = []
    /// The caption's paragraphs, each already shown plainly.
    var paragraphs: [String] = []
    /// The addresses of the caption's inline links `[text](address)`, in order.
    var inlineLinks: [String] = []
    /// The paragraph being read: its lines, and whether each starts a line of its own (a list item, after a
    /// hard break).
    var paragraphLines: [(text: String, ownLine: Bool)] = []
    var lastLineHasHardBreak = false
    var captionPosition: (line: Int32, column: Int32)?
    /// The art so far (fenced code blocks, joined by an empty line) and where the first one opened.
    var art: [String] = []
    var artPosition: (line: Int32, column: Int32)?
    var hasTitle = false
    /// The line of the picture, once the block has one.
    var pictureLine: Int?
    /// A heading, a paragraph, a picture or a code block: this block is a story (not only settings).
    var hasContent = false
    /// Anything at all but blank lines.
    var isEmpty = true

    /// Marks the block as begun at this line.
    mutating func touch(line: Int, column: Int = 1) {
        guard isEmpty else { return }
        isEmpty = false
        self.line = Int32(line)
        self.column = Int32(column)
    }

    /// Ends the paragraph being read, if any.
    mutating func endParagraph() {
        guard !paragraphLines.isEmpty else { return }
        var text = ""
        for (index, part) in paragraphLines.enumerated() {
            if index > 0 { text += part.ownLine ? "\n" : " " }
            text += part.text
        }
        paragraphs.append(MarkdownInline.plain(text, links: &inlineLinks))
        paragraphLines = []
        lastLineHasHardBreak = false
    }

    /// Every member, the caption last, with each repeated key reported through `report` and left out.
    mutating func finishedMembers(report: (JSONMember, JSONMember) -> Void) -> [JSONMember] {
        endParagraph()
        var all = members
        if !art.isEmpty, let position = artPosition {
            all.append(member("art", art.joined(separator: "\n\n"), position))
        }
        if !paragraphs.isEmpty, let position = captionPosition {
            all.append(member("caption", paragraphs.joined(separator: "\n\n"), position))
            // The caption's first web link is the story's link, unless a `<!-- link: … -->` gave one:
            // its address would otherwise be lost (the caption shows a link's text only).
            if !all.contains(where: { $0.key == "link" }), let web = inlineLinks.first(where: Self.isWebLink) {
                all.append(member("link", web, position))
            }
        }
        var firstOfKey: [String: JSONMember] = [:]
        var kept: [JSONMember] = []
        for entry in all {
            if let first = firstOfKey[entry.key] {
                report(entry, first)
            } else {
                firstOfKey[entry.key] = entry
                kept.append(entry)
            }
        }
        return kept
    }

    /// Whether an address is one a story's `link` takes (`http://`, `https://`, `mailto:`); a relative
    /// address (another file) is left out.
    static func isWebLink(_ address: String) -> Bool {
        let lower = address.lowercased()
        return ["http://", "https://", "mailto:"].contains { lower.hasPrefix($0) }
    }

    /// A string member at a position.
    func member(_ key: String, _ text: String, _ position: (line: Int32, column: Int32)) -> JSONMember {
        JSONMember(key: key, line: position.line, column: position.column,
                   value: JSONValue(kind: .string(text), line: position.line, column: position.column))
    }
}
