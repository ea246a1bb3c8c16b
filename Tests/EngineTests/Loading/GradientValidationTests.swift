import Testing
@testable import Engine

@Suite("Gradient: a background of 2 or 3 colours, top to bottom (SPEC 2, docs/DECK-FORMAT.md \"Colours\")")
struct GradientValidationTests {
    @Test("a story's and the deck's gradient: the colours in order, the first also as the background")
    func storyAndDeckGradients() throws {
        let json = ##"{"background": ["black", "#102030"], "stories": [{"title": "a", "background": ["#ff8a00", "red", "Grey"]}, {"title": "b", "background": ["#FF8A00", "bright-blue", "#000000"]}, {"title": "c", "background": "blue"}]}"##
        let found = problems(json)
        #expect(found.map(\.path) == ["stories[0].background[2]"])
        let fixed = json.replacingOccurrences(of: "\"Grey\"", with: "\"grey\"")
        let loaded = try #require(deck(fixed))
        #expect(loaded.background == .named(0))
        #expect(loaded.backgroundGradient == [.named(0), .rgb(red: 0x10, green: 0x20, blue: 0x30)])
        let stories = Array(loaded.stories)
        #expect(stories[0].background == .rgb(red: 0xFF, green: 0x8A, blue: 0))
        #expect(stories[0].backgroundGradient == [.rgb(red: 0xFF, green: 0x8A, blue: 0), .named(1), .named(8)])
        #expect(stories[1].backgroundGradient == [.rgb(red: 0xFF, green: 0x8A, blue: 0), .named(12), .rgb(red: 0, green: 0, blue: 0)])
        #expect(stories[2].background == .named(4) && stories[2].backgroundGradient == nil)
    }

    @Test("one colour, or four, in an array is a problem that says a gradient needs 2 or 3")
    func wrongCounts() {
        for (array, count) in [("[]", 0), (#"["red"]"#, 1), (#"["red", "blue", "green", "white"]"#, 4)] {
            let found = problems(#"[{"title": "t", "background": \#(array)}]"#)
            #expect(found.map(\.kind) == [.gradientCount(count, maximum: 3)], "\(array)")
            #expect(found.map(\.path) == ["[0].background"])
        }
        #expect(messages(#"[{"title": "t", "background": ["red"]}]"#)
            == ["[0].background: a gradient needs from 2 to 3 colours, top to bottom (got 1) (line 1, column 31)"])
        #expect(messages(#"[{"title": "t", "background": ["red"]}]"#, in: .spanish)
            == ["[0].background: un degradado necesita de 2 a 3 colores, de arriba abajo (recibidos 1) (línea 1, columna 31)"])
    }

    @Test("each bad colour is a problem at its element, with did-you-mean; other types say string or array")
    func badElements() {
        let found = problems(#"{"background": ["red", {"a": 1}], "stories": [{"title": "t", "background": ["brightred", 3]}]}"#)
        #expect(found.map(\.path) == ["background[1]", "stories[0].background[0]", "stories[0].background[1]"])
        #expect(found.map(\.kind) == [
            .wrongType(expected: [.string], got: .object),
            .invalidColor(got: "brightred", suggestion: "bright-red"),
            .wrongType(expected: [.string], got: .number),
        ])
        #expect(problems(#"[{"title": "t", "background": 7}]"#).map(\.kind)
            == [.wrongType(expected: [.string, .array], got: .number)])
    }

    @Test("a huge array is counted, not kept: one problem, and the parse stays linear")
    func hugeArray() {
        let elements = Array(repeating: "\"red\"", count: 200_000).joined(separator: ",")
        let found = problems(#"[{"title": "t", "background": [\#(elements)]}]"#)
        #expect(found.map(\.kind) == [.gradientCount(200_000, maximum: 3)])
    }
}
