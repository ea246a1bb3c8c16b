import Engine

/// The story's body, under the header (docs/VIEWER.md, "Screen"), in one of three shapes:
/// - art: the art and the caption as one composition, centred together with a blank row between,
///   when both fit; otherwise the caption at the bottom (at most a third of the screen) and the art
///   centred above it, clipped;
/// - text (no art, no image): the title and caption centred in the middle in a narrow measure,
///   like a phone's text story;
/// - picture: the image fills the area under the bars; its caption sits at the bottom on a backdrop.
/// A caption cut short ends with `… more (m)`; `m` opens it whole. During a hold title and caption
/// hide and the art stays where it was (unless it was clipped: then it is centred again, whole).
extension ScreenLayout {
    /// Widest caption next to art or a picture, and widest text of a text story: lines that read well.
    package static let captionMeasure = 64
    package static let textMeasure = 48
    /// Most lines a text story's title takes.
    package static let titleLines = 3
    /// Columns of the rule between a text story's title and caption.
    package static let ruleWidth = 3

    /// Which shape the body takes.
    package struct Body {
        package enum Kind: Equatable { case picture, art, text }
        package let kind: Kind

        /// The shape of a state's body; `showsPicture`: its picture is ready and drawn.
        package init(state: ViewState, showsPicture: Bool) {
            guard let story = state.story else {
                kind = .text
                return
            }
            // Art stands in for an image that is not drawn (yet).
            if story.image != nil, story.art == nil || showsPicture {
                kind = .picture
            } else if story.art != nil {
                kind = .art
            } else {
                kind = .text
            }
        }

        /// A text story's title is in the middle, not on the second row.
        package var titleInHeader: Bool { kind != .text }
    }

    /// Caption lines as drawn: wrapped to a measure and cut to a number of lines, the last one with
    /// the hint that there is more.
    package struct CaptionBlock {
        package var lines: [String]
        package var truncated: Bool
        /// Columns of the widest line, hint included.
        package var width: Int
        /// Each line centred on its own (a text story's caption without indentation of its own);
        /// otherwise the lines keep their indentation and the block is centred as a whole.
        package var centred = false
        /// The story's link on a row of its own under the lines: its short form and the address.
        package var link: (text: String, url: String)?

        /// Rows the block takes: its lines and the link's.
        package var height: Int { lines.count + (link == nil ? 0 : 1) }
    }

    /// Draws the body in rows `bodyTop..<bottom`.
    package func drawBody(_ body: Body, state: ViewState, into frame: inout Frame, bottom: Int, styles: ThemeStyles) {
        guard let story = state.story else { return }
        switch body.kind {
        case .picture:
            drawPictureCaption(story, state: state, into: &frame, bottom: bottom, styles: styles)
        case .art:
            let art = shown(story.art ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            drawArt(art, story: story, hidesText: state.hidesText, into: &frame, bottom: bottom, styles: styles)
        case .text:
            guard !state.hidesText else { return }
            drawTextStory(story, into: &frame, bottom: bottom, styles: styles)
        }
    }

    /// The caption wrapped to `measure`, at most `maxLines` lines; when cut, the last line ends at
    /// a word (where that keeps at least half of it) to leave room for the hint.
    package func captionBlock(_ caption: String, measure: Int, maxLines: Int) -> CaptionBlock {
        let wrapped = TextWrapper.lines(shown(caption), width: measure, maxLines: maxLines)
        var lines = wrapped.lines
        let hintWidth = DisplayWidth.of(moreHint)
        if wrapped.truncated, let last = lines.popLast() {
            let room = max(0, measure - hintWidth)
            var cut = TextWrapper.prefix(last, width: room)
            if cut.count < last.count, let space = cut.lastIndex(of: " "),
               DisplayWidth.of(cut[..<space]) >= room / 2 {
                cut = TextWrapper.prefix(String(cut[..<space]), width: room)
            }
            lines.append(cut)
        }
        var width = lines.map { DisplayWidth.of($0) }.max() ?? 0
        if wrapped.truncated, let last = lines.last { width = max(width, DisplayWidth.of(last) + hintWidth) }
        return CaptionBlock(lines: lines, truncated: wrapped.truncated, width: min(width, measure))
    }

    /// A story's caption block with its link under it (the link's row taken from `maxLines`); nil for
    /// a story with neither.
    package func textBlock(for story: Story, measure: Int, maxLines: Int) -> CaptionBlock? {
        let linkRows = story.link == nil || maxLines < 2 && story.caption != nil ? 0 : 1
        var block = story.caption.map { captionBlock($0, measure: measure, maxLines: max(1, maxLines - linkRows)) }
        if let link = story.link, linkRows > 0 {
            var withLink = block ?? CaptionBlock(lines: [], truncated: false, width: 0, centred: true)
            let text = shown(LinkText.short(link, width: measure, ellipsis: ellipsis))
            withLink.link = (text, link)
            withLink.width = min(measure, max(withLink.width, DisplayWidth.of(text)))
            block = withLink
        }
        return block
    }

    /// `… more (m)`: the words after a caption cut short, naming the key that shows it whole.
    package var moreHint: String {
        let key = Keymap.letter(for: .caption).map { " (\($0))" } ?? ""
        return shown("\(ellipsis) \(messages.more)\(key)")
    }

    /// Draws a caption block from `top`, centred as a block (its lines keep their own indentation).
    package func draw(_ caption: CaptionBlock, top: Int, into frame: inout Frame, styles: ThemeStyles) {
        let blockLeft = max(Self.margin, (frame.width - caption.width) / 2)
        for (offset, line) in caption.lines.enumerated() {
            let isLast = offset == caption.lines.count - 1
            var left = blockLeft
            if caption.centred {
                let width = DisplayWidth.of(line) + (caption.truncated && isLast ? DisplayWidth.of(moreHint) : 0)
                left = max(Self.margin, (frame.width - width) / 2)
            }
            let end = frame.put(line, row: top + offset, column: left, style: styles.caption)
            if caption.truncated, isLast {
                let hint = moreHint
                let dots = String(hint.prefix(ellipsis.count))
                let after = frame.put(dots, row: top + offset, column: end, style: styles.caption)
                frame.put(String(hint.dropFirst(ellipsis.count)), row: top + offset, column: after,
                          style: styles.accent)
            }
        }
        if let link = caption.link {
            let width = DisplayWidth.of(link.text)
            let left = caption.centred || caption.lines.isEmpty ? max(Self.margin, (frame.width - width) / 2) : blockLeft
            let row = top + caption.lines.count
            let end = frame.put(link.text, row: row, column: left, style: styles.link)
            frame.addLink(link.url, row: row, column: left, width: end - left)
        }
    }

    /// Art with its caption: composed when both fit, else the caption at the bottom. The art is
    /// placed as if the caption showed, so that it stays put when a hold hides the caption; only
    /// art that was clipped moves, to show whole.
    private func drawArt(_ art: [String], story: Story, hidesText: Bool, into frame: inout Frame, bottom: Int,
                         styles: ThemeStyles) {
        let top = Self.bodyTop
        let available = frame.width - 2 * Self.margin
        let artWidth = art.map { DisplayWidth.of($0) }.max() ?? 0
        let measure = min(available, max(min(artWidth, available), Self.captionMeasure))
        let block = textBlock(for: story, measure: measure, maxLines: max(1, frame.height / 3))
        let height = bottom - top
        guard let block else {
            drawArtLines(art, top: top, bottom: bottom, into: &frame, styles: styles)
            return
        }
        let composed = art.count + 1 + block.height
        if composed <= height {
            let first = top + (height - composed) / 2
            drawArtLines(art, top: first, bottom: first + art.count, into: &frame, styles: styles)
            if !hidesText { draw(block, top: first + art.count + 1, into: &frame, styles: styles) }
            return
        }
        let captionTop = bottom - block.height
        // Art that would be clipped takes the blank row under the header too, if it then fits whole.
        let artTop = art.count == captionTop - 1 - (Self.headerRow + 1) ? Self.headerRow + 1 : top
        if hidesText && art.count > captionTop - 1 - artTop {
            drawArtLines(art, top: Self.headerRow + 1, bottom: bottom, into: &frame, styles: styles)
            return
        }
        drawArtLines(art, top: artTop, bottom: captionTop - 1, into: &frame, styles: styles)
        if !hidesText { draw(block, top: captionTop, into: &frame, styles: styles) }
    }

    /// Art centred as a block in rows `top..<bottom` (its lines keep their relative indentation),
    /// clipped to fit: the rows that do not fit are cut at the bottom.
    package func drawArtLines(_ art: [String], top: Int, bottom: Int, into frame: inout Frame, styles: ThemeStyles) {
        let height = bottom - top
        guard height > 0 else { return }
        let shownLines = art.prefix(height)
        let firstRow = top + (height - shownLines.count) / 2
        // Centred by the whole block's width, so that art cut at the bottom keeps its columns.
        let blockWidth = art.map { DisplayWidth.of($0) }.max() ?? 0
        let left = (frame.width - blockWidth) / 2
        for (offset, line) in shownLines.enumerated() {
            frame.put(clip(line, from: max(0, -left)), row: firstRow + offset, column: max(0, left), style: styles.base)
        }
    }

    /// A story of only text: the title (bold, centred line by line) over the caption (centred as a
    /// block), one blank row between, the whole in the middle of the screen.
    private func drawTextStory(_ story: Story, into frame: inout Frame, bottom: Int, styles: ThemeStyles) {
        let top = Self.headerRow + 1
        let height = bottom - top
        let measure = min(frame.width - 2 * Self.margin, Self.textMeasure)
        let title = story.title.map {
            TextWrapper.wrap(shown($0), width: measure, maxLines: Self.titleLines, ellipsis: ellipsis)
        } ?? []
        let gap = title.isEmpty || story.caption == nil && story.link == nil ? 0 : 1
        var block = textBlock(for: story, measure: measure, maxLines: max(1, height - title.count - gap))
        // Like a phone's text story, each line is centred, unless the caption indents its own lines.
        if let caption = story.caption { block?.centred = !caption.split(separator: "\n").contains { $0.first == " " } }
        let total = title.count + gap + (block?.height ?? 0)
        let first = top + max(0, (height - total) / 2)
        for (offset, line) in title.enumerated() {
            let column = max(Self.margin, (frame.width - DisplayWidth.of(line)) / 2)
            frame.put(line, row: first + offset, column: column, style: styles.title)
        }
        if gap > 0 {
            // A short rule in the accent between title and caption: the story's one touch of colour.
            let rule = String(repeating: options.ascii ? "-" : "─", count: Self.ruleWidth)
            frame.put(rule, row: first + title.count, column: (frame.width - Self.ruleWidth) / 2, style: styles.accent)
        }
        if let block { draw(block, top: first + title.count + gap, into: &frame, styles: styles) }
    }

    /// The part of a line from column `start`.
    private func clip(_ line: String, from start: Int) -> String {
        guard start > 0 else { return line }
        var skipped = 0
        var result = ""
        for character in line {
            if skipped < start {
                skipped += DisplayWidth.of(character)
                // A wide character cut in half by the edge leaves a blank, keeping the columns aligned.
                if skipped > start { result = " " }
                continue
            }
            result.append(character)
        }
        return result
    }
}
