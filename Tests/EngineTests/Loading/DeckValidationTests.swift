import Testing
@testable import Engine

@Suite("Deck validation")
struct DeckValidationTests {
    // MARK: Shapes and defaults

    @Test func arrayOfStoriesWithDefaults() throws {
        let deck = try decode(#"[{"title": "a"}, {"caption": "b\nc", "id": "x"}]"#, baseDirectory: "decks").get()
        #expect(deck == Deck(
            stories: [Story(id: "1", title: "a"), Story(id: "x", caption: "b\nc")], baseDirectory: "decks"))
        #expect(deck.defaultDuration == 5 && deck.strategy == .once && deck.leeway == 0 && deck.theme == .dark)
        #expect(deck.start == nil && deck.title == nil && !deck.hasGroups)
    }

    @Test func objectWithEveryKey() throws {
        let json = """
            {"title": "Trip", "duration": 7.5, "strategy": "loop", "leeway": 2, "start": "b", "theme": "light",
             "stories": [
               {"id": "a", "title": "T", "caption": "C", "duration": 3, "art": "/\\\\", "image": "i.png",
                "alt": "A", "theme": "dark"},
               {"id": "b", "image": "j.png"}]}
            """
        let deck = try decode(json).get()
        #expect(deck == Deck(
            title: "Trip", defaultDuration: 7.5, strategy: .loop, leeway: 2, start: .id("b"), theme: .light,
            stories: [
                Story(id: "a", title: "T", caption: "C", duration: 3, art: "/\\", image: "i.png", imagePath: "i.png", alt: "A",
                      theme: .dark),
                Story(id: "b", image: "j.png", imagePath: "j.png"),
            ]))
        #expect(deck.duration(ofStory: 1) == 7.5)
    }

    @Test func groupsDecodeIntoRangesWithIDsAcrossTheDeck() throws {
        let json = """
            {"groups": [
              {"title": "Ana", "stories": [{"title": "1"}, {"title": "2"}]},
              {"title": "Bo", "stories": [{"title": "3"}]}]}
            """
        let deck = try decode(json).get()
        #expect(deck.stories.map(\.id) == ["1", "2", "3"])
        #expect(deck.groups == [StoryGroup(title: "Ana", range: 0..<2), StoryGroup(title: "Bo", range: 2..<3)])
    }

    @Test func startByPositionIDAndUnknown() throws {
        #expect(deck(#"{"start": 2, "stories": [{"title": "a"}, {"title": "b"}]}"#)?.start == .position(2))
        #expect(deck(#"{"start": 2.0, "stories": [{"title": "a"}, {"title": "b"}]}"#)?.start == .position(2))
        #expect(deck(#"{"start": "2", "stories": [{"title": "a"}, {"title": "b"}]}"#)?.start == .id("2"))
        #expect(messages(#"{"start": "zz", "stories": [{"title": "a"}]}"#)
            == ["start: no story has the id 'zz' (line 1, column 11)"])
        #expect(messages(#"{"start": 3, "stories": [{"title": "a"}, {"title": "b"}]}"#)
            == ["start: names story 3, but the deck has 2 stories (line 1, column 11)"])
        #expect(messages(#"{"start": 1.5, "stories": [{"title": "a"}]}"#)
            == ["start: must be a story id or a whole number of 1 or more (got 1.5) (line 1, column 11)"])
        #expect(messages(#"{"start": 0, "stories": [{"title": "a"}]}"#)
            == ["start: must be a story id or a whole number of 1 or more (got 0) (line 1, column 11)"])
        #expect(messages(#"{"start": true, "stories": [{"title": "a"}]}"#)
            == ["start: must be a string or a whole number (got true or false) (line 1, column 11)"])
        #expect(messages(#"{"start": 1e300, "stories": [{"title": "a"}]}"#)
            == ["start: names story 1e+300, but the deck has 1 story (line 1, column 11)"])
    }

    @Test func indexMatchingArgument() throws {
        let deck = try decode(#"[{"id": "2", "title": "a"}, {"id": "x", "title": "b"}, {"title": "c"}]"#).get()
        #expect(deck.index(matching: "x") == 1)
        #expect(deck.index(matching: "2") == 0)  // the id wins over the position
        #expect(deck.index(matching: "3") == 2)
        #expect(deck.index(matching: "4") == nil)
        #expect(deck.index(matching: "0") == nil)
        #expect(deck.index(matching: "-1") == nil)
        #expect(deck.index(matching: "+3") == nil)
        #expect(deck.index(matching: "") == nil)
        #expect(deck.index(matching: "99999999999999999999999") == nil)
    }

    // MARK: Rules, one by one

    @Test(arguments: [
        (#"[{"title": "a", "duration": -1}]"#, "[0].duration: must be greater than 0 (got -1) (line 1, column 29)"),
        (#"[{"title": "a", "duration": 0}]"#, "[0].duration: must be greater than 0 (got 0) (line 1, column 29)"),
        (#"[{"title": "a", "duration": 86401}]"#, "[0].duration: must be at most 86400 (got 86401) (line 1, column 29)"),
        (#"[{"title": "a", "duration": "5"}]"#, "[0].duration: must be a number (got a string) (line 1, column 29)"),
        (#"{"duration": 0.5e-1, "leeway": -0.25, "stories": [{"title": "a"}]}"#,
         "leeway: must be at least 0 (got -0.25) (line 1, column 32)"),
        (#"{"leeway": 3600.5, "stories": [{"title": "a"}]}"#, "leeway: must be at most 3600 (got 3600.5) (line 1, column 12)"),
        (#"{"duration": null, "stories": [{"title": "a"}]}"#, "duration: must be a number (got null) (line 1, column 14)"),
        (#"{"strategy": "forever", "stories": [{"title": "a"}]}"#,
         "strategy: must be 'once' or 'loop' (got 'forever') (line 1, column 14)"),
        (#"{"theme": "blue", "stories": [{"title": "a"}]}"#, "theme: must be 'dark' or 'light' (got 'blue') (line 1, column 11)"),
        (#"[{"title": "a", "theme": 1}]"#, "[0].theme: must be a string (got a number) (line 1, column 26)"),
        (#"{"title": ["x"], "stories": [{"title": "a"}]}"#, "title: must be a string (got an array) (line 1, column 11)"),
        (#"[{"captoin": "a"}]"#, "[0].captoin: unknown key; did you mean 'caption'? (line 1, column 3)"),
        (#"[{"title": "a", "Image": "x.png"}]"#, "[0].Image: unknown key; did you mean 'image'? (line 1, column 17)"),
        (#"[{"title": "a", "colour": "red"}]"#, "[0].colour: unknown key (line 1, column 17)"),
        (#"{"stories": [{"title": "a"}], "strategie": "loop"}"#,
         "strategie: unknown key; did you mean 'strategy'? (line 1, column 31)"),
        (#"{"storys": [{"title": "a"}], "stories": [{"title": "b"}]}"#,
         "storys: unknown key; did you mean 'stories'? (line 1, column 2)"),
        (#"{"title": "x"}"#, "the deck: needs 'stories' (an array of stories) or 'groups' (line 1, column 1)"),
        (#"{"stories": [{"title": "a"}], "groups": [{"title": "g", "stories": [{"title": "b"}]}]}"#,
         "groups: 'stories' and 'groups' cannot be used together; use one of them (line 1, column 31)"),
        (#"{"stories": []}"#, "stories: must hold at least one story (line 1, column 13)"),
        (#"[]"#, "the deck: must hold at least one story (line 1, column 1)"),
        (#"{"groups": []}"#, "groups: must hold at least one group (line 1, column 12)"),
        (#"{"groups": [{"title": "g", "stories": []}]}"#, "groups[0].stories: must hold at least one story (line 1, column 39)"),
        (#"{"groups": [{"stories": [{"title": "a"}]}]}"#, "groups[0]: missing required key 'title' (line 1, column 13)"),
        (#"{"groups": [{"title": "g"}]}"#, "groups[0]: missing required key 'stories' (line 1, column 13)"),
        (#"{"groups": [{"title": 3, "stories": [{"title": "a"}]}]}"#,
         "groups[0].title: must be a string (got a number) (line 1, column 23)"),
        (#"{"groups": [{"title": "g", "stories": [{"title": "a"}], "name": "x"}]}"#,
         "groups[0].name: unknown key (line 1, column 57)"),
        (#"{"groups": {"title": "g"}}"#, "groups: must be an array (got an object) (line 1, column 12)"),
        (#"{"stories": {"title": "a"}}"#, "stories: must be an array (got an object) (line 1, column 13)"),
        (#""hello""#, "the deck: must be an array or an object (got a string) (line 1, column 1)"),
        (#"[{"title": "a"}, 3]"#, "[1]: must be an object (got a number) (line 1, column 18)"),
        (#"[{"id": "", "title": "a"}]"#, "[0].id: must not be empty (line 1, column 9)"),
        (#"[{"id": "\u0007", "title": "a"}]"#, "[0].id: must not be empty (line 1, column 9)"),
        (#"[{"id": 7, "title": "a"}]"#, "[0].id: must be a string (got a number) (line 1, column 9)"),
        (#"[{"alt": "only alt"}]"#, "[0]: has nothing to show; give it a 'title', 'caption', 'art', 'image' or 'video' that is not blank (line 1, column 2)"),
        (#"[{"title": "", "caption": ""}]"#,
         "[0]: has nothing to show; give it a 'title', 'caption', 'art', 'image' or 'video' that is not blank (line 1, column 2)"),
        (#"[{"id": "a", "title": "x"}, {"id": "a", "title": "y"}]"#,
         "[1].id: duplicate id 'a', already used by [0].id (line 1, column 36)"),
        (#"[{"title": "x"}, {"id": "1", "title": "y"}]"#,
         "[1].id: duplicate id '1': it is already the default id (the position) of [0] (line 1, column 25)"),
        (#"{"stories": [{"id": "2", "title": "x"}, {"title": "y"}]}"#,
         "stories[1]: its default id '2' (its position) is already used by stories[0].id; give this story an id (line 1, column 41)"),
    ])
    func ruleMessages(json: String, expected: String) {
        #expect(messages(json) == [expected])
    }

    /// Text of only white space shows nothing (issue 15): it counts as absent.
    @Test func whitespaceOnlyTextIsNothingToShow() throws {
        #expect(messages(#"[{"title": "   ", "caption": "\n\t \r\n", "art": " ", "alt": "x"}]"#)
            == ["[0]: has nothing to show; give it a 'title', 'caption', 'art', 'image' or 'video' that is not blank (line 1, column 2)"])
        let story = try #require(try decode(#"[{"title": " ", "caption": "c", "alt": "\u00a0"}]"#).get().stories.first)
        #expect(story == Story(id: "1", caption: "c"))
    }

    @Test func wrongTypedContentIsOneProblemNotTwo() {
        #expect(messages(#"[{"title": 5}]"#) == ["[0].title: must be a string (got a number) (line 1, column 12)"])
    }

    @Test func duplicateIDsAcrossGroups() {
        let json = #"{"groups": [{"title": "g", "stories": [{"id": "a", "title": "x"}]}, {"title": "h", "stories": [{"id": "a", "title": "y"}]}]}"#
        #expect(messages(json) == [
            "groups[1].stories[0].id: duplicate id 'a', already used by groups[0].stories[0].id (line 1, column 103)",
        ])
    }

    @Test func everyProblemIsReportedInFileOrder() {
        let json = """
            {
              "theme": "blue",
              "stories": [
                {"title": "a", "duration": -1},
                {"captoin": "b"},
                {"id": "x", "title": "c", "duration": 1e400},
                {"id": "x", "title": "d"}
              ],
              "leeway": "soon",
              "strategy": "loop",
              "strategy": "once"
            }
            """
        #expect(messages(json) == [
            "theme: must be 'dark' or 'light' (got 'blue') (line 2, column 12)",
            "stories[0].duration: must be greater than 0 (got -1) (line 4, column 32)",
            "stories[1].captoin: unknown key; did you mean 'caption'? (line 5, column 6)",
            "stories[2].duration: must be a finite number (got 1e400) (line 6, column 43)",
            "stories[3].id: duplicate id 'x', already used by stories[2].id (line 7, column 12)",
            "leeway: must be a number (got a string) (line 9, column 13)",
            "strategy: duplicate key 'strategy' (first at line 10, column 3) (line 11, column 3)",
        ])
    }

    @Test func spanishMessages() {
        #expect(messages(#"{"stories": [{"title": "a"}, {"title": "b"}, {"title": "c", "duration": -1}]}"#, in: .spanish)
            == ["stories[2].duration: debe ser mayor que 0 (recibido -1) (línea 1, columna 73)"])
        #expect(messages(#"[{"captoin": "a"}]"#, in: .spanish)
            == ["[0].captoin: clave desconocida; ¿quisiste decir 'caption'? (línea 1, columna 3)"])
        #expect(messages(#"[{"title": 5}]"#, in: .spanish)
            == ["[0].title: debe ser un texto (recibido un número) (línea 1, columna 12)"])
        #expect(messages(#"{"strategy": "x", "stories": [{"title": "a"}]}"#, in: .spanish)
            == ["strategy: debe ser 'once' o 'loop' (recibido 'x') (línea 1, columna 14)"])
        #expect(messages("[1,", in: .spanish)
            == ["[1]: se esperaba un valor (objeto, lista, texto, número, true, false o null), se encontró el final del archivo (línea 1, columna 4)"])
    }

    @Test func everyKindHasMessagesInBothLanguages() {
        let kinds: [DeckProblemKind] = [
            .invalidUTF8(offset: 1), .encodedAsUTF16(bigEndian: true), .emptyDocument, .notADeck(.png), .notADeck(.yaml),
            .notADeck(.binary), .notADeck(.mp4), .unclosedCodeBlock, .unclosedComment, .secondPicture(firstLine: 2),
            .syntax(expected: .colon, found: .scalar(0)), .unescapedControlCharacter(9), .loneSurrogate(0xDC00),
            .nestedTooDeeply(limit: 64), .duplicateKey("k", firstLine: 1, firstColumn: 2), .notFinite(text: "1e999"),
            .wrongType(expected: [.boolean], got: .null), .mustBeGreaterThan(0, got: -1), .mustBeAtLeast(0, got: -1),
            .mustBeAtMost(1, got: 2), .notOneOf(allowed: ["a"], got: "b", suggestion: nil), .unknownKey("k", suggestion: nil),
            .missingStoriesOrGroups, .storiesAndGroupsTogether, .missingKey("title"), .noStories, .noGroups, .emptyID,
            .nothingToShow, .imageAndVideo, .duplicateID("a", firstPath: "[0].id", firstIsDefault: false),
            .defaultIDTaken("2", byPath: "[0].id"), .startNotPosition(got: 0.5), .startUnknownID("z"),
            .startOutOfRange(got: 9, count: 1),
        ]
        for kind in kinds {
            let english = DeckProblem(path: "x", kind: kind).message(in: .english)
            let spanish = DeckProblem(path: "x", kind: kind).message(in: .spanish)
            #expect(english.hasPrefix("x: ") && spanish.hasPrefix("x: "))
            #expect(english != spanish || english.count < 8, "\(kind)")
        }
    }

    @Test func numbersPrintWithoutTrailingZero() {
        #expect(DeckMessageCatalogue.number(5) == "5")
        #expect(DeckMessageCatalogue.number(-1) == "-1")
        #expect(DeckMessageCatalogue.number(0.25) == "0.25")
        #expect(DeckMessageCatalogue.number(-0.0) == "0")
        #expect(DeckMessageCatalogue.number(1e20) == "1e+20")
        #expect(NumberText.plain(9_007_199_254_740_992) == "9007199254740992")
        #expect(NumberText.plain(1e16) == "10000000000000000")
        #expect(NumberText.plain(-2.5e-7) == "-2.5e-07")
        #expect(NumberText.plain(0.1) == "0.1")
        for value in [1e300, -1e19, 123.456, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude] {
            #expect(!NumberText.plain(value).hasSuffix(".0"), "\(value)")
            #expect(Double(NumberText.plain(value)) == value, "\(value) reads back")
        }
    }

    /// Issue 14 item 13: a whole number beyond 2^53 printed as '9007199254740992.0'.
    @Test func hugeWholeNumbersPrintWithoutTrailingZero() {
        #expect(messages(#"{"start": 9007199254740993, "stories": [{"title": "a"}]}"#)
            == ["start: names story 9007199254740992, but the deck has 1 story (line 1, column 11)"])
        #expect(messages(#"[{"title": "a", "duration": 123456789012345678901}]"#)
            == ["[0].duration: must be at most 86400 (got 1.2345678901234568e+20) (line 1, column 29)"])
    }

    // MARK: Sanitising at load

    @Test func everyTextFieldIsSanitisedAtLoad() throws {
        let json = #"""
            {"title": "T\u001b]0;x\u0007", "groups": [{"title": "G\u202e\tH", "stories": [
              {"id": "i\u0000d", "title": "a\r\nb", "caption": "c\r\nd\re\u009b", "art": "\t/\\\u001b[2J",
               "image": "p\u0085.png", "alt": "al\nt"}]}]}
            """#
        let deck = try decode(json).get()
        let story = try #require(deck.stories.first)
        #expect(deck.title == "T]0;x")
        #expect(deck.groups.first?.title == "G    H")
        #expect(story == Story(id: "id", title: "a b", caption: "c\nd\ne", art: "    /\\[2J", image: "p.png", imagePath: "p.png",
                                     alt: "al t"))
        #expect(try decode(#"{"start": "i\u0000d", "stories": [{"id": "id", "title": "a"}]}"#).get().start == .id("id"))
    }

    @Test func deckTextInMessagesIsSanitisedAndShortened() {
        let long = String(repeating: "x", count: 100)
        let found = messages(#"{"strategy": "\u001b[31m\#(long)", "stories": [{"title": "a", "\u001b]52;c;AAAA\u0007": 1}]}"#)
        #expect(found == [
            "strategy: must be 'once' or 'loop' (got '[31m\(String(repeating: "x", count: 36))…') (line 1, column 14)",
            "stories[0][\"]52;c;AAAA\"]: unknown key (line 1, column 155)",
        ])
        for message in found {
            #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    // MARK: Performance

    /// How the time grows with the number of stories is held by 'ParsingScaleTests' (a ratio, not a clock).
    @Test func hundredThousandStoriesLoad() throws {
        var json = "{\"stories\": ["
        for index in 0..<100_000 {
            if index > 0 { json += ",\n" }
            json += "{\"id\": \"s\(index)\", \"title\": \"Story \(index)\", \"caption\": \"Line one\\nline two\", \"duration\": 3}"
        }
        json += "]}"
        let loaded = try DeckLoader.decode(Array(json.utf8), baseDirectory: nil).get()
        #expect(loaded.stories.count == 100_000)
        #expect(loaded.stories.last == Story(id: "s99999", title: "Story 99999", caption: "Line one\nline two", duration: 3))
        #expect(loaded.index(of: .id("s54321")) == 54_321)
    }
}
