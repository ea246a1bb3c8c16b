import Testing
@testable import Engine

/// Markdown decks (docs/DECK-FORMAT.md, "Markdown decks"): every construct, and problems at their line and column.
@Suite("Markdown decks")
struct MarkdownDeckTests {
    static func load(_ text: String, baseDirectory: String? = "decks") -> Result<Deck, DeckLoadError> {
        DeckLoader.decode(Array(text.utf8), baseDirectory: baseDirectory, format: .markdown)
    }

    static func deck(_ text: String) throws -> Deck {
        try load(text).get()
    }

    static func lines(_ text: String, _ language: Language = .english) -> [String] {
        guard case .failure(let error) = load(text) else { return [] }
        return error.diagnosticLines(file: "trip.md", language: language)
    }

    static let full = """
    <!-- title: Trip -->
    <!-- strategy: loop -->
    <!-- duration: 4 -->

    ---
    # Day *one*

    We took the **early** train
    to `Lisbon`, see [the map](https://example.com/map).

    ![The harbour at dawn](pics/dawn.png "at dawn")
    <!-- duration: 7.5 -->
    <!-- id: first -->
    <!-- theme: light -->

    ---

    ```text
     /\\
    /  \\
    ---
    ```
    <!-- a note, not a setting: ignored -->
    <!-- TODO: also ignored -->
    """

    @Test("every construct: deck settings, heading, picture, art, caption, comments")
    func everyConstruct() throws {
        let deck = try Self.deck(Self.full)
        #expect(deck.title == "Trip")
        #expect(deck.strategy == .loop)
        #expect(deck.defaultDuration == 4)
        #expect(deck.stories.count == 2)
        let first = deck.stories[0]
        #expect(first.id == "first")
        #expect(first.title == "Day one")
        #expect(first.caption == "We took the early train to Lisbon, see the map.")
        #expect(first.image == "pics/dawn.png")
        #expect(first.imagePath == "decks/pics/dawn.png")
        #expect(first.alt == "The harbour at dawn")
        #expect(first.duration == 7.5)
        #expect(first.theme == .light)
        let second = deck.stories[1]
        #expect(second.id == "2")
        // A line of --- inside a code block is art, not a new story.
        #expect(second.art == " /\\\n/  \\\n---")
        #expect(second.title == nil && second.caption == nil)
    }

    @Test("a first block with content is the first story; blank blocks are skipped")
    func firstBlockIsAStory() throws {
        let deck = try Self.deck("# One\n---\n\n---\n# Two\n---\n")
        #expect(deck.stories.map(\.title) == ["One", "Two"])
        #expect(deck.title == nil)
    }

    @Test("a story with only a picture")
    func onlyAPicture() throws {
        let deck = try Self.deck("![](a.png)\n---\n![](<my photo.jpg>)")
        #expect(deck.stories.map(\.image) == ["a.png", "my photo.jpg"])
        #expect(deck.stories[0].alt == nil && deck.stories[0].title == nil && deck.stories[0].caption == nil)
    }

    @Test("CR LF and lone CR line ends read as LF, with the same lines in problems")
    func lineEnds() throws {
        let crlf = try Self.deck("# A\r\n\r\nline one\r\nline two\r\n---\r\n# B\r\n")
        #expect(crlf.stories.map(\.title) == ["A", "B"])
        #expect(crlf.stories[0].caption == "line one line two")
        let cr = try Self.deck("# A\r---\r# B\r```\rx\ry\r```\r")
        #expect(cr.stories.map(\.title) == ["A", "B"])
        #expect(cr.stories[1].art == "x\ny")
        #expect(Self.lines("# A\r\n<!-- duration: 0 -->\r\n")
            == ["trip.md:2:16: error: stories[0].duration: must be greater than 0 (got 0)"])
        let bom = try Self.deck("\u{FEFF}# A")
        #expect(bom.stories.first?.title == "A")
    }

    @Test("a code block never closed is a problem at its opening fence")
    func missingClosingFence() throws {
        #expect(Self.lines("# A\n\n  ```\nart\n---\n# B\n") == [
            "trip.md:3:3: error: this code block is never closed: end it with a line of ``` (a line of --- inside it does not end the story)",
        ])
        #expect(Self.lines("# A\n~~~~\nx\n~~~\n", .spanish).first?.hasPrefix("trip.md:2:1: error: este bloque de código no se cierra") == true)
        // A longer closing fence closes; a shorter one does not.
        #expect(try Self.deck("````\nx\n```\n`````\n").stories.first?.art == "x\n```")
    }

    @Test("a bad duration is reported at its value's line and column, in both languages")
    func badDuration() {
        let text = "# A\n---\n# B\n<!-- duration: -1 -->\n---\n# C\n<!-- duration: 5s -->\n"
        #expect(Self.lines(text) == [
            "trip.md:4:16: error: stories[1].duration: must be greater than 0 (got -1)",
            "trip.md:7:16: error: stories[2].duration: must be a number (got a string)",
        ])
        #expect(Self.lines(text, .spanish).first == "trip.md:4:16: error: stories[1].duration: debe ser mayor que 0 (recibido -1)")
        #expect(Self.lines("# A\n<!-- duration: 1e400 -->").first
            == "trip.md:2:16: error: must be a finite number (got 1e400)")
    }

    @Test("settings go through the validator: unknown keys get a suggestion, repeats are duplicates")
    func settingsAreValidated() {
        #expect(Self.lines("# A\n<!-- duraton: 3 -->\n")
            == ["trip.md:2:6: error: stories[0].duraton: unknown key; did you mean 'duration'?"])
        #expect(Self.lines("<!-- strategy: lop -->\n---\n# A\n")
            == ["trip.md:1:16: error: strategy: must be 'once' or 'loop' (got 'lop'); did you mean 'loop'?"])
        #expect(Self.lines("# A\n<!-- title: B -->\n")
            == ["trip.md:2:6: error: stories[0].title: duplicate key 'title' (first at line 1, column 3)"])
        // A later block of only settings is a story with nothing to show.
        #expect(Self.lines("<!-- title: A -->\n---\n<!-- duration: 3 -->\n") == [
            "trip.md:3:1: error: stories[0]: has nothing to show; give it a 'title', 'caption', 'art' or 'image' that is not blank",
        ])
    }

    @Test("a gradient background: 2 or 3 colours split at commas or blanks (or written as JSON's array), deck and story")
    func gradientBackground() throws {
        let colors = { (names: [String]) in names.compactMap(DeckColor.init(parsing:)) }
        let deck = try Self.deck("<!-- background: red blue -->\n---\n# A\n<!-- background: #ff0000, #0000ff -->\n"
            + "---\n# B\n<!-- background: [\"#ff0000\", \"green\", \"#0000ff\"] -->\n---\n# C\n<!-- background: #102030 -->\n")
        #expect(deck.backgroundGradient == colors(["red", "blue"]))
        #expect(deck.stories.map(\.backgroundGradient) == [colors(["#ff0000", "#0000ff"]),
                                                          colors(["#ff0000", "green", "#0000ff"]), nil])
        #expect(deck.stories[2].background == DeckColor(parsing: "#102030"))
        // Each item is checked at its own column; four colours are too many, as in JSON.
        #expect(Self.lines("# A\n<!-- background: red, blu -->\n")
            == ["trip.md:2:23: error: stories[0].background[1]: must be a colour: black, red, green, yellow, blue, magenta, cyan, white, each also as bright-NAME, or #RRGGBB (got 'blu'); did you mean 'blue'?"])
        #expect(Self.lines("# A\n<!-- background: red green blue white -->\n")
            == ["trip.md:2:18: error: stories[0].background: a gradient needs from 2 to 3 colours, top to bottom (got 4)"])
    }

    @Test("an empty Markdown file says how a Markdown deck is written, not a JSON one")
    func emptyFile() {
        for text in ["", "\n  \n"] {
            let line = Self.lines(text).first ?? ""
            #expect(line.contains("the file is empty; a Markdown deck is stories between lines of ---"), "\(line)")
            #expect(!line.contains("JSON array"))
        }
        #expect(Self.lines("", .spanish).first?.contains("un mazo Markdown son historias entre líneas ---") == true)
    }

    @Test("a deck's setting in a story block says it belongs in the first block, in both languages")
    func deckKeyInAStory() {
        #expect(Self.lines("# A\n<!-- strategy: loop -->\n") == [
            "trip.md:2:6: error: stories[0].strategy: unknown key; 'strategy' is a setting of the whole deck: put it at the top of the deck (in a Markdown deck, in the first block, before the first ---)",
        ])
        #expect(Self.lines("# A\n<!-- leeway: 2 -->\n", .spanish).first?.hasSuffix("en el primer bloque, antes del primer ---)") == true)
        // A story's own unknown key keeps its did-you-mean.
        #expect(Self.lines("# A\n<!-- captoin: x -->\n").first?.hasSuffix("unknown key; did you mean 'caption'?") == true)
    }

    @Test("a bad one-colour background says how a gradient is written, in both languages")
    func badColourHint() {
        #expect(Self.lines("# A\n<!-- background: rojo -->\n")
            == ["trip.md:2:18: error: stories[0].background: must be a colour: black, red, green, yellow, blue, magenta, cyan, white, each also as bright-NAME, or #RRGGBB (got 'rojo'); a gradient is 2 or 3 colours, top to bottom: an array in JSON, a list in Markdown (#ff0000, #0000ff)"])
        #expect(Self.lines("# A\n<!-- background: #ff00 -->\n", .spanish)
            == ["trip.md:2:18: error: stories[0].background: un color escrito con # necesita seis dígitos hexadecimales, #RRGGBB (recibido '#ff00'); un degradado son 2 o 3 colores, de arriba abajo: una lista JSON, o en Markdown separados por comas (#ff0000, #0000ff)"])
        // An accent cannot be a gradient: no hint there.
        #expect(Self.lines("# A\n<!-- accent: rojo -->\n").first?.hasSuffix("(got 'rojo')") == true)
    }

    @Test("a number is a number only for keys that take one: an id of digits is text, a start a position")
    func settingTypes() throws {
        let deck = try Self.deck("<!-- start: 2 -->\n---\n# A\n<!-- id: 7 -->\n---\n# B\n<!-- theme: light -->\n")
        #expect(deck.stories.map(\.id) == ["7", "2"])
        #expect(deck.start == .position(2))
        #expect(try Self.deck("<!-- start: b -->\n---\n# A\n---\n# B\n<!-- id: b -->").start == .id("b"))
    }

    @Test("pathological lines stay linear: many unclosed pictures and brackets")
    func pathologicalLines() throws {
        let line = String(repeating: "![", count: 50_000) + "]" + String(repeating: "![a]b", count: 20_000)
        let deck = try Self.deck("# A\n" + line + "\n")
        #expect(deck.stories[0].image == nil)
        #expect(deck.stories[0].caption?.hasPrefix("![![") == true)
    }

    @Test("a second picture, a comment never closed, and no stories are problems")
    func otherProblems() {
        #expect(Self.lines("# A\n![](a.png)\n\n![](b.png)\n") == [
            "trip.md:4:1: error: stories[0].image: a story shows one picture, and this story already has one (line 2); separate stories with a line of ---",
        ])
        #expect(Self.lines("# A\n<!-- a note\nthat goes on\n") == ["trip.md:2:1: error: this comment is never closed: end it with -->"])
        #expect(Self.lines("<!-- strategy: loop -->\n").first?.contains("stories: must hold at least one story") == true)
        #expect(Self.lines("\n  \n").first?.hasPrefix("trip.md:2:1: error: the file is empty") == true)
        #expect(Self.lines("").first?.hasPrefix("trip.md:1:1: error: the file is empty") == true)
    }

    @Test("a multi-line comment is a note, wherever it is")
    func multiLineComment() throws {
        let deck = try Self.deck("# A\n<!--\n---\n# not a story\n-->\ncaption\n")
        #expect(deck.stories.count == 1)
        #expect(deck.stories[0].caption == "caption")
        // A block of notes only is skipped, like a blank one; a block that sets a key is a story.
        #expect(try Self.deck("# A\n---\n<!-- just a note -->\n<!--\nmore\n-->\n---\n# B").stories.map(\.title) == ["A", "B"])
    }

    @Test("captions: paragraphs, hard breaks, list items and later headings")
    func captions() throws {
        let deck = try Self.deck("""
        # Title #
        first paragraph
        goes on

        line one\\
        line two  
        line three

        - apples
        - pears
        1. one
        ## Later heading
        """)
        #expect(deck.stories[0].title == "Title")
        #expect(deck.stories[0].caption
            == "first paragraph goes on\n\nline one\nline two\nline three\n\n- apples\n- pears\n1. one\n\nLater heading")
    }

    @Test("inline Markdown is shown plainly, and only real markers are taken out")
    func inline() {
        #expect(MarkdownInline.plain("*a* **b** ***c*** _d_ __e__ ~~f~~") == "a b c d e f")
        #expect(MarkdownInline.plain("snake_case_name and 2 * 3 * 4") == "snake_case_name and 2 * 3 * 4")
        #expect(MarkdownInline.plain("an *unclosed emphasis") == "an *unclosed emphasis")
        #expect(MarkdownInline.plain("`a *b* c` and `` x ` y ``") == "a *b* c and x ` y")
        #expect(MarkdownInline.plain("\\*not emphasis\\* and \\_") == "*not emphasis* and _")
        #expect(MarkdownInline.plain("[site](https://x.y \"t\") [no link] [a](b") == "site [no link] [a](b")
        #expect(MarkdownInline.plain("fish &amp; chips &lt;3 &copy;") == "fish & chips <3 &copy;")
        #expect(MarkdownInline.plain("**bold *and italic* text**") == "bold and italic text")
        #expect(MarkdownInline.plain("unmatched ``` run") == "unmatched ``` run")
        // Pathological input stays linear and keeps its text.
        let many = String(repeating: "*a [b](c ", count: 20_000)
        #expect(MarkdownInline.plain(many).count > 0)
    }

    @Test("a caption's first web link is the story's link, unless a link comment gives one; the text stays")
    func inlineLinks() throws {
        var links: [String] = []
        #expect(MarkdownInline.plain("[a](<x y.md>) [b](https://b.org \"T\") [c](c)", links: &links) == "a b c")
        #expect(links == ["x y.md", "https://b.org", "c"])
        let deck = try Self.deck("""
            # One

            See [notes](notes.md) and [the site](https://example.com/a "Title").

            ---

            # Two
            <!-- link: https://x.org -->

            And [here](https://y.org).

            ---

            # Three

            Only [a file](other.md).
            """)
        #expect(deck.stories[0].caption == "See notes and the site.")
        #expect(deck.stories[0].link == "https://example.com/a", "a relative address is not a story's link")
        #expect(deck.stories[1].link == "https://x.org", "the comment wins")
        #expect(deck.stories[2].link == nil)
    }

    @Test("headings need a space after #; setext and other Markdown stay as written")
    func asWritten() throws {
        let deck = try Self.deck("#hashtag\n> quoted\n| a | b |\n")
        #expect(deck.stories[0].title == nil)
        #expect(deck.stories[0].caption == "#hashtag > quoted | a | b |")
    }

    @Test("a Markdown deck is the same deck as its JSON (the one validator)")
    func sameAsJSON() throws {
        let markdown = try Self.deck(Self.full)
        let json = try DeckLoader.decode(Array(DeckJSONWriter.text(of: markdown).utf8), baseDirectory: "decks").get()
        #expect(json == markdown)
    }
}
