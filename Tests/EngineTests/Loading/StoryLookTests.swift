import Testing
@testable import Engine

/// The keys that set how a story looks (issues 10 and 12): `fit`, `background` and `accent`.
@Suite("Story look: fit and colours")
struct StoryLookTests {
    @Test func colourNamesAndHex() {
        #expect(DeckColor(parsing: "black") == .named(0))
        #expect(DeckColor(parsing: "white") == .named(7))
        #expect(DeckColor(parsing: "bright-black") == .named(8))
        #expect(DeckColor(parsing: "bright-white") == .named(15))
        #expect(DeckColor(parsing: "grey") == .named(8) && DeckColor(parsing: "gray") == .named(8))
        #expect(DeckColor(parsing: "#1a2B3c") == .rgb(red: 0x1A, green: 0x2B, blue: 0x3C))
        #expect(DeckColor(parsing: "#FFFFFF") == .rgb(red: 255, green: 255, blue: 255))
        for bad in ["Red", "bright red", "#12345", "#1234567", "#12345g", "123456", "", "# 12345"] {
            #expect(DeckColor(parsing: bad) == nil, "\(bad)")
        }
        #expect(DeckColor.names.count == 16)
        for (index, name) in DeckColor.names.enumerated() {
            #expect(DeckColor(parsing: name) == .named(UInt8(index)))
            #expect(DeckColor.named(UInt8(index)).text == name)
        }
        #expect(DeckColor.rgb(red: 1, green: 0xAB, blue: 255).text == "#01abff")
    }

    @Test func deckAndStoryKeys() throws {
        let deck = try decode(##"{"background": "#000080", "stories": [{"title": "a"}]}"##).get()
        #expect(deck.background == .rgb(red: 0, green: 0, blue: 0x80) && deck.accent == nil)
        let full = try decode(##"""
            {"accent": "bright-magenta", "stories": [
              {"title": "a", "fit": "cover", "background": "white", "accent": "#FF0000"},
              {"title": "b"}]}
            """##).get()
        #expect(full.accent == .named(13))
        #expect(full.stories[0] == Story(id: "1", title: "a", fit: .cover, background: .named(7),
                                        accent: .rgb(red: 255, green: 0, blue: 0)))
        #expect(full.stories[1].fit == .contain && full.stories[1].background == nil)
    }

    @Test(arguments: [
        (#"[{"title": "a", "fit": "fill"}]"#,
         "[0].fit: must be 'contain' or 'cover' (got 'fill') (line 1, column 24)"),
        (#"[{"title": "a", "fit": "cover "}]"#,
         "[0].fit: must be 'contain' or 'cover' (got 'cover '); did you mean 'cover'? (line 1, column 24)"),
        (#"[{"title": "a", "background": "bleu"}]"#,
         "[0].background: must be a colour: black, red, green, yellow, blue, magenta, cyan, white, each also as bright-NAME, or #RRGGBB (got 'bleu'); a gradient is 2 or 3 colours, top to bottom: an array in JSON, a list in Markdown (#ff0000, #0000ff); did you mean 'blue'? (line 1, column 31)"),
        (#"[{"title": "a", "accent": "Bright Red"}]"#,
         "[0].accent: must be a colour: black, red, green, yellow, blue, magenta, cyan, white, each also as bright-NAME, or #RRGGBB (got 'Bright Red'); did you mean 'bright-red'? (line 1, column 27)"),
        (##"{"accent": "#12345", "stories": [{"title": "a"}]}"##,
         "accent: a colour written with # needs six hexadecimal digits, #RRGGBB (got '#12345') (line 1, column 12)"),
        (#"{"background": 3, "stories": [{"title": "a"}]}"#,
         "background: must be a string or an array (got a number) (line 1, column 16)"),
        (#"{"strategy": "lop", "stories": [{"title": "a"}]}"#,
         "strategy: must be 'once' or 'loop' (got 'lop'); did you mean 'loop'? (line 1, column 14)"),
    ])
    func invalidValues(json: String, expected: String) {
        #expect(messages(json) == [expected])
    }

    @Test func spanishColourMessage() {
        #expect(messages(#"[{"title": "a", "background": "rojo"}]"#, in: .spanish) == [
            "[0].background: debe ser un color: black, red, green, yellow, blue, magenta, cyan, white, cada uno también como bright-NOMBRE, o #RRGGBB (recibido 'rojo'); un degradado son 2 o 3 colores, de arriba abajo: una lista JSON, o en Markdown separados por comas (#ff0000, #0000ff) (línea 1, columna 31)",
        ])
    }

    @Test func unknownLookKeysAreSuggested() {
        #expect(messages(#"[{"title": "a", "colour": "red"}]"#) == ["[0].colour: unknown key (line 1, column 17)"])
        #expect(messages(#"[{"title": "a", "accnet": "red"}]"#)
            == ["[0].accnet: unknown key; did you mean 'accent'? (line 1, column 17)"])
    }
}
