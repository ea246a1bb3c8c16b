/// Reads a Markdown deck (docs/DECK-FORMAT.md, "Markdown decks") and hands each story to the validator as it
/// ends (`DeckStreamFeeder`), so that a Markdown deck is checked by the same rules, with the same messages, as a
/// JSON one, and never exists whole as a tree. One pass over the lines; each line is looked at a bounded
/// number of times.
///
/// Stories are separated by lines holding only `---`; in each, the first heading is the title, the first
/// `![alt](path)` the picture, fenced code blocks the art, other paragraphs the caption, and one-line comments
/// `<!-- key: value -->` the story's other keys (`duration`, `id`, `theme`, …). A first block of nothing but
/// comments holds the deck's keys (`strategy`, `title`, …).
struct MarkdownDeckParser {
    private var feeder: DeckStreamFeeder
    private var draft = MarkdownStoryDraft()
    /// The block being read is the first one (it may be the deck's settings).
    private var isFirstBlock = true
    private var fence: (character: UInt8, length: Int, indent: Int, line: Int, column: Int)?
    private var fenceLines: [String] = []
    /// Where an open multi-line comment started.
    private var comment: (line: Int, column: Int)?
    private var lastLine = 1

    private init(baseDirectory: String?, checkImages: ImageCheck?) {
        feeder = DeckStreamFeeder(baseDirectory: baseDirectory, checkImages: checkImages)
    }

    /// Parses and validates a Markdown deck.
    /// - Parameters:
    ///   - bytes: the file (UTF-8, an optional byte order mark; LF, CR LF or CR line ends).
    ///   - baseDirectory: the folder picture paths are relative to.
    ///   - checkImages: asks why pictures cannot be shown, or nil.
    static func parse(_ bytes: [UInt8], baseDirectory: String?, checkImages: ImageCheck?) -> Result<Deck, DeckLoadError> {
        if let problem = JSONParser.textProblem(bytes) {
            return .failure(.invalid([problem], omitted: 0))
        }
        var parser = MarkdownDeckParser(baseDirectory: baseDirectory, checkImages: checkImages)
        var sawText = false
        MarkdownDeckParser.forEachLine(bytes, from: JSONParser.textStart(bytes)) { line in
            sawText = sawText || !line.isBlank
            parser.read(line)
        }
        guard sawText else {
            let problem = DeckProblem(path: "", line: parser.lastLine, column: 1, kind: .emptyMarkdown)
            return .failure(.invalid([problem], omitted: 0))
        }
        return parser.finish()
    }

    /// Calls `body` with each line (LF, CR LF and a lone CR end a line).
    private static func forEachLine(_ bytes: [UInt8], from start: Int, _ body: (MarkdownLine) -> Void) {
        var number = 1
        var lineStart = start
        var index = start
        while index <= bytes.count {
            let atEnd = index == bytes.count
            let byte: UInt8 = atEnd ? 0 : bytes[index]
            if atEnd || byte == 0x0A || byte == 0x0D {
                if !(atEnd && lineStart == index && number > 1) {
                    body(MarkdownLine(bytes: bytes[lineStart..<index], number: number))
                }
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                number += 1
                lineStart = index + 1
            }
            index += 1
        }
    }

    // MARK: Lines

    private mutating func read(_ line: MarkdownLine) {
        lastLine = line.number
        if let open = fence {
            if line.closesFence(open.character, length: open.length) {
                closeFence()
            } else {
                fenceLines.append(line.text(from: min(line.indent, open.indent)))
            }
            return
        }
        if comment != nil {
            if line.offset(of: "-->", from: 0) != nil { comment = nil }
            return
        }
        if line.isStorySeparator {
            endBlock()
            return
        }
        if line.isBlank {
            draft.endParagraph()
            return
        }
        draft.touch(line: line.number, column: line.column(at: line.indent))
        if let opening = line.openingFence {
            draft.endParagraph()
            draft.hasContent = true
            fence = (opening.character, opening.length, opening.at, line.number, line.column(at: opening.at))
            fenceLines = []
            return
        }
        if line.indent <= 3, line.offset(of: "<!--", from: line.indent) == line.indent {
            readComment(line)
            return
        }
        if let heading = line.heading {
            draft.endParagraph()
            draft.hasContent = true
            let text = MarkdownInline.plain(line.text(from: heading.lowerBound, to: heading.upperBound))
            if draft.hasTitle {
                draft.paragraphs.append(text)
                if draft.captionPosition == nil { draft.captionPosition = position(line, heading.lowerBound) }
            } else {
                draft.hasTitle = true
                draft.members.append(draft.member("title", text, position(line, heading.lowerBound)))
            }
            return
        }
        readParagraphLine(line)
    }

    /// The line and column of the byte at `offset` of `line`.
    private func position(_ line: MarkdownLine, _ offset: Int) -> (line: Int32, column: Int32) {
        (Int32(clamping: line.number), Int32(clamping: line.column(at: offset)))
    }

    private mutating func closeFence() {
        guard let open = fence else { return }
        if draft.artPosition == nil { draft.artPosition = (Int32(clamping: open.line), Int32(clamping: open.column)) }
        draft.art.append(fenceLines.joined(separator: "\n"))
        fence = nil
        fenceLines = []
    }

    /// A comment at the start of a line: a setting `<!-- key: value -->` on one line, or a note (ignored),
    /// possibly over several lines.
    private mutating func readComment(_ line: MarkdownLine) {
        let start = line.indent
        guard let end = line.offset(of: "-->", from: start + 4) else {
            comment = (line.number, line.column(at: start))
            return
        }
        guard let setting = MarkdownSetting(line, from: start + 4, to: end) else { return }
        let keyPosition = position(line, setting.keyAt)
        let valuePosition = position(line, setting.valueAt)
        var value = JSONValue(kind: .string(setting.value), line: valuePosition.line, column: valuePosition.column)
        if let items = setting.items {
            value.kind = .array(items.map { item in
                let at = position(line, item.at)
                return JSONValue(kind: .string(item.text), line: at.line, column: at.column)
            })
        }
        if let number = setting.number {
            if number.isFinite {
                value.kind = .number(number)
            } else {
                value.kind = .invalidNumber
                feeder.report(.notFinite(text: setting.value), line: line.number, column: line.column(at: setting.valueAt))
            }
        }
        draft.members.append(JSONMember(key: setting.key, line: keyPosition.line, column: keyPosition.column,
                                        value: value))
    }

    /// A line of a paragraph: its picture taken out (the first of the story), the rest caption text.
    private mutating func readParagraphLine(_ line: MarkdownLine) {
        var rest = line
        var removedBefore = 0
        var searchFrom = 0
        while let picture = MarkdownPicture.find(in: rest, from: searchFrom) {
            if let first = draft.pictureLine {
                feeder.report(.secondPicture(firstLine: first), path: feeder.path(ofStory: feeder.storyCount, key: "image"),
                              line: line.number, column: line.column(at: picture.start + removedBefore))
                searchFrom = picture.end
                continue
            }
            draft.pictureLine = line.number
            draft.hasContent = true
            // `![alt](clip.mp4)`: a video, by its name (a Markdown picture has no other way to say so).
            let key = VideoLimits.isVideoName(picture.path) ? "video" : "image"
            draft.members.append(draft.member(key, picture.path, position(line, picture.pathAt + removedBefore)))
            if !picture.alt.isEmpty {
                draft.members.append(draft.member("alt", MarkdownInline.plain(picture.alt),
                                                  position(line, picture.altAt + removedBefore)))
            }
            var remaining = Array(rest.bytes)
            remaining.removeSubrange(picture.start..<picture.end)
            rest = MarkdownLine(bytes: remaining[...], number: line.number)
            removedBefore += picture.end - picture.start
            searchFrom = picture.start
        }
        guard !rest.isBlank else { return }
        draft.hasContent = true
        let lead = rest.bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        var end = rest.count
        if rest.endsWithHardBreak {
            while end > lead, rest[end - 1] == UInt8(ascii: " ") || rest[end - 1] == UInt8(ascii: "\\") { end -= 1 }
        }
        if draft.paragraphLines.isEmpty && draft.captionPosition == nil {
            draft.captionPosition = position(line, line.indent)
        }
        let ownLine = rest.startsListItem || draft.lastLineHasHardBreak
        draft.paragraphLines.append((rest.text(from: lead, to: end), ownLine))
        draft.lastLineHasHardBreak = rest.endsWithHardBreak
    }

    // MARK: Blocks

    /// Ends the block at a `---` line or at the end of the file: the deck's settings, a story, or nothing.
    private mutating func endBlock() {
        var block = draft
        draft = MarkdownStoryDraft()
        let first = isFirstBlock
        isFirstBlock = false
        guard !block.isEmpty else { return }
        let storyIndex = feeder.storyCount
        var repeated: [(JSONMember, JSONMember)] = []
        let members = block.finishedMembers { repeated.append(($0, $1)) }
        for (again, original) in repeated {
            let path = first && !block.hasContent ? JSONPath.root.appending(again.key).rendered : feeder.path(ofStory: storyIndex, key: again.key)
            feeder.report(.duplicateKey(again.key, firstLine: Int(original.line), firstColumn: Int(original.column)),
                          path: path, line: Int(again.line), column: Int(again.column))
        }
        if first && !block.hasContent {
            members.forEach { feeder.deckSetting($0) }
        } else if !block.hasContent && members.isEmpty {
            // A block of notes only (comments that set nothing) is skipped, like a blank one.
            return
        } else {
            feeder.story(members, line: block.line, column: block.column)
        }
    }

    private mutating func finish() -> Result<Deck, DeckLoadError> {
        if let open = fence {
            feeder.report(.unclosedCodeBlock, line: open.line, column: open.column)
            closeFence()
        }
        if let open = comment {
            feeder.report(.unclosedComment, line: open.line, column: open.column)
        }
        endBlock()
        return feeder.finish(line: Int32(clamping: lastLine), column: 1)
    }
}
