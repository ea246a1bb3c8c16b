import Testing
@testable import Engine

/// `--check` output (issue 15): one line a problem as `FILE:LINE:COLUMN: error: MESSAGE` for editors, or one JSON
/// object a problem for tools; syntax errors named by their cause. (The end-to-end test is the command line's.)
@Suite("Diagnostics")
struct DiagnosticsTests {
    /// A deck with one mistake, and exactly what `--check` says about it: English, Spanish, JSON.
    struct Mistake: Sendable, CustomTestStringConvertible {
        var name: String
        var deck: String
        var english: String
        var spanish: String
        var json: String
        var testDescription: String { name }
    }

    static let syntaxMistakes: [Mistake] = [
        Mistake(
            name: "unterminated string", deck: "{\n  \"stories\": [\n    {\"title\": \"Hello\n  world\"}\n  ]\n}",
            english: #"deck.json:3:21: error: stories[0].title: unterminated string (it starts at line 3, column 15): end it with " before the line break, or write the line break as \n"#,
            spanish: #"deck.json:3:21: error: stories[0].title: texto sin cerrar (empieza en la línea 3, columna 15): ciérralo con " antes del salto de línea, o escribe el salto como \n"#,
            json: #"{"path":"deck.json","line":3,"column":21,"jsonPath":"stories[0].title","code":"unterminated-string","message":"unterminated string (it starts at line 3, column 15): end it with \" before the line break, or write the line break as \\n"}"#),
        Mistake(
            name: "string still open at the end", deck: "[{\"title\": \"Hello",
            english: #"deck.json:1:18: error: [0].title: unterminated string (it starts at line 1, column 12): the file ends before its closing ""#,
            spanish: #"deck.json:1:18: error: [0].title: texto sin cerrar (empieza en la línea 1, columna 12): el archivo termina antes de la " que lo cierra"#,
            json: #"{"path":"deck.json","line":1,"column":18,"jsonPath":"[0].title","code":"unterminated-string","message":"unterminated string (it starts at line 1, column 12): the file ends before its closing \""}"#),
        Mistake(
            name: "trailing comma in an array", deck: "[\n  {\"title\": \"a\"},\n]",
            english: "deck.json:2:17: error: trailing comma: JSON allows no ',' after the last item; remove it",
            spanish: "deck.json:2:17: error: coma final: JSON no admite ',' tras el último elemento; quítala",
            json: #"{"path":"deck.json","line":2,"column":17,"jsonPath":"","code":"trailing-comma","message":"trailing comma: JSON allows no ',' after the last item; remove it"}"#),
        Mistake(
            name: "trailing comma in an object", deck: "[{\"title\": \"a\",\n  }]",
            english: "deck.json:1:15: error: [0]: trailing comma: JSON allows no ',' after the last item; remove it",
            spanish: "deck.json:1:15: error: [0]: coma final: JSON no admite ',' tras el último elemento; quítala",
            json: #"{"path":"deck.json","line":1,"column":15,"jsonPath":"[0]","code":"trailing-comma","message":"trailing comma: JSON allows no ',' after the last item; remove it"}"#),
        Mistake(
            name: "line comment", deck: "// my deck\n[{\"title\": \"a\"}]",
            english: "deck.json:1:1: error: comments are not JSON; remove the comment",
            spanish: "deck.json:1:1: error: los comentarios no son JSON; quita el comentario",
            json: #"{"path":"deck.json","line":1,"column":1,"jsonPath":"","code":"comment","message":"comments are not JSON; remove the comment"}"#),
        Mistake(
            name: "block comment", deck: "[{\"title\": \"a\" /* why */}]",
            english: "deck.json:1:16: error: [0]: comments are not JSON; remove the comment",
            spanish: "deck.json:1:16: error: [0]: los comentarios no son JSON; quita el comentario",
            json: #"{"path":"deck.json","line":1,"column":16,"jsonPath":"[0]","code":"comment","message":"comments are not JSON; remove the comment"}"#),
        Mistake(
            name: "single quotes around a value", deck: "[{\"title\": 'a'}]",
            english: #"deck.json:1:12: error: [0].title: strings and keys take double quotes ("), not single quotes (')"#,
            spanish: #"deck.json:1:12: error: [0].title: los textos y las claves van entre comillas dobles ("), no simples (')"#,
            json: #"{"path":"deck.json","line":1,"column":12,"jsonPath":"[0].title","code":"single-quotes","message":"strings and keys take double quotes (\"), not single quotes (')"}"#),
        Mistake(
            name: "single quotes around a key", deck: "[{'title': \"a\"}]",
            english: #"deck.json:1:3: error: [0]: strings and keys take double quotes ("), not single quotes (')"#,
            spanish: #"deck.json:1:3: error: [0]: los textos y las claves van entre comillas dobles ("), no simples (')"#,
            json: #"{"path":"deck.json","line":1,"column":3,"jsonPath":"[0]","code":"single-quotes","message":"strings and keys take double quotes (\"), not single quotes (')"}"#),
        Mistake(
            name: "unquoted key", deck: "[{title: \"a\"}]",
            english: #"deck.json:1:3: error: [0]: the key 'title' needs double quotes: "title""#,
            spanish: #"deck.json:1:3: error: [0]: la clave 'title' necesita comillas dobles: "title""#,
            json: #"{"path":"deck.json","line":1,"column":3,"jsonPath":"[0]","code":"unquoted-key","message":"the key 'title' needs double quotes: \"title\""}"#),
        Mistake(
            name: "missing comma between values", deck: "[{\"title\": \"a\"}\n {\"title\": \"b\"}]",
            english: "deck.json:2:2: error: missing ',' before this value",
            spanish: "deck.json:2:2: error: falta ',' antes de este valor",
            json: #"{"path":"deck.json","line":2,"column":2,"jsonPath":"","code":"missing-comma","message":"missing ',' before this value"}"#),
        Mistake(
            name: "missing comma between members", deck: "[{\"title\": \"a\"\n  \"caption\": \"b\"}]",
            english: "deck.json:2:3: error: [0]: missing ',' before this key",
            spanish: "deck.json:2:3: error: [0]: falta ',' antes de esta clave",
            json: #"{"path":"deck.json","line":2,"column":3,"jsonPath":"[0]","code":"missing-comma","message":"missing ',' before this key"}"#),
        Mistake(
            name: "second top-level value", deck: "[{\"title\": \"a\"}]\n[{\"title\": \"b\"}]",
            english: "deck.json:2:1: error: a second value after the end of the deck; a deck is one JSON array or object (put the stories in one array)",
            spanish: "deck.json:2:1: error: un segundo valor tras el final del mazo; un mazo es una sola lista u objeto JSON (pon las historias en una lista)",
            json: #"{"path":"deck.json","line":2,"column":1,"jsonPath":"","code":"second-value","message":"a second value after the end of the deck; a deck is one JSON array or object (put the stories in one array)"}"#),
    ]

    private func error(_ deck: String) throws -> DeckLoadError {
        guard case .failure(let error) = decode(deck) else { throw Failure.accepted }
        return error
    }

    private enum Failure: Error { case accepted }

    @Test(arguments: syntaxMistakes)
    func syntaxMistakeNamesItsCause(mistake: Mistake) throws {
        let error = try error(mistake.deck)
        #expect(error.diagnosticLines(file: "deck.json", language: .english) == [mistake.english])
        #expect(error.diagnosticLines(file: "deck.json", language: .spanish) == [mistake.spanish])
        #expect(error.jsonLines(file: "deck.json", language: .english) == [mistake.json])
    }

    @Test func ruleProblemsInBothFormsAndLanguages() throws {
        let error = try error("{\"duration\": 0,\n \"stories\": [{\"captoin\": \"x\"}, {\"title\": \"t\", \"theme\": \"blue\"}]}")
        #expect(error.diagnosticLines(file: "decks/trip.json", language: .english) == [
            "decks/trip.json:1:14: error: duration: must be greater than 0 (got 0)",
            "decks/trip.json:2:15: error: stories[0].captoin: unknown key; did you mean 'caption'?",
            "decks/trip.json:2:56: error: stories[1].theme: must be 'dark' or 'light' (got 'blue')",
        ])
        #expect(error.diagnosticLines(file: "decks/trip.json", language: .spanish) == [
            "decks/trip.json:1:14: error: duration: debe ser mayor que 0 (recibido 0)",
            "decks/trip.json:2:15: error: stories[0].captoin: clave desconocida; ¿quisiste decir 'caption'?",
            "decks/trip.json:2:56: error: stories[1].theme: debe ser 'dark' o 'light' (recibido 'blue')",
        ])
        #expect(error.jsonLines(file: "decks/trip.json", language: .english) == [
            #"{"path":"decks/trip.json","line":1,"column":14,"jsonPath":"duration","code":"must-be-greater","message":"must be greater than 0 (got 0)"}"#,
            #"{"path":"decks/trip.json","line":2,"column":15,"jsonPath":"stories[0].captoin","code":"unknown-key","message":"unknown key; did you mean 'caption'?"}"#,
            #"{"path":"decks/trip.json","line":2,"column":56,"jsonPath":"stories[1].theme","code":"not-one-of","message":"must be 'dark' or 'light' (got 'blue')"}"#,
        ])
        #expect(error.jsonLines(file: "decks/trip.json", language: .spanish)[0]
            == #"{"path":"decks/trip.json","line":1,"column":14,"jsonPath":"duration","code":"must-be-greater","message":"debe ser mayor que 0 (recibido 0)"}"#)
    }

    @Test func theWholeDeckIsNamedInWords() throws {
        #expect(try error("[]").diagnosticLines(file: "-", language: .english)
            == ["-:1:1: error: the deck: must hold at least one story"])
        #expect(try error("[]").diagnosticLines(file: "-", language: .spanish)
            == ["-:1:1: error: el mazo: debe contener al menos una historia"])
        #expect(try error("[]").jsonLines(file: "-", language: .english)
            == [#"{"path":"-","line":1,"column":1,"jsonPath":"","code":"no-stories","message":"must hold at least one story"}"#])
    }

    @Test func aProblemWithoutPositionHasTheShortForm() {
        let problem = DeckProblem(path: "", kind: .emptyDocument)
        #expect(problem.diagnosticLine(file: "d.json", language: .english).hasPrefix("d.json: error: the file is empty"))
        #expect(problem.jsonLine(file: "d.json", language: .english)
            .hasPrefix(#"{"path":"d.json","line":null,"column":null,"jsonPath":"","code":"empty-file","message":"#))
    }

    @Test func encodingProblemsHaveAPosition() {
        let bytes = Array("[{\"title\":\n \"ab".utf8) + [0xFF] + Array("\"}]".utf8)
        guard case .failure(let error) = DeckLoader.decode(bytes, baseDirectory: nil) else {
            Issue.record("accepted")
            return
        }
        #expect(error.diagnosticLines(file: "d.json", language: .english)
            == ["d.json:2:5: error: not valid UTF-8 at byte offset 15; save the deck as UTF-8"])
    }

    @Test func omittedProblemsAreCountedInBothForms() throws {
        let deck = "[" + Array(repeating: "{}", count: 150).joined(separator: ",") + "]"
        let error = try error(deck)
        let lines = error.diagnosticLines(file: "d.json", language: .english)
        #expect(lines.count == 101)
        #expect(lines.last == "d.json: note: and 50 more problems (only the first 100 are listed)")
        #expect(error.diagnosticLines(file: "d.json", language: .spanish).last
            == "d.json: note: y 50 problemas más (solo se muestran los 100 primeros)")
        #expect(error.jsonLines(file: "d.json", language: .english).last
            == #"{"path":"d.json","line":null,"column":null,"jsonPath":null,"code":"more-problems","message":"and 50 more problems (only the first 100 are listed)","count":50}"#)
        #expect(error.message(in: .english).last == "and 50 more problems (only the first 100 are listed)")
    }

    @Test func otherLoadErrorsInJSON() {
        #expect(DeckLoadError.notFound("x.json").jsonLines(file: "x.json", language: .english)
            == [#"{"path":"x.json","line":null,"column":null,"jsonPath":null,"code":"not-found","message":"cannot open 'x.json': no such file; check the path, or give - to read the deck from standard input"}"#])
        #expect(DeckLoadError.notFound("x.json").diagnosticLines(file: "x.json", language: .english)
            == DeckLoadError.notFound("x.json").message(in: .english))
    }

    @Test func theFileIsCleanedInLinesAndExactInJSON() throws {
        let file = "bad\u{1B}[2J\u{202E}name.json"
        let error = try error("[]")
        #expect(error.diagnosticLines(file: file, language: .english) == ["bad[2Jname.json:1:1: error: the deck: must hold at least one story"])
        #expect(error.jsonLines(file: file, language: .english).first?
            .hasPrefix(#"{"path":"bad\u001b[2J\u202ename.json","#) == true)
    }

    @Test func schemaKeyIsAcceptedAndIgnored() throws {
        let deck = try decode(#"{"$schema": "https://example.org/deck.schema.json", "stories": [{"title": "a"}]}"#).get()
        #expect(deck.stories.count == 1)
        #expect(messages(#"{"$schema": 3, "stories": [{"title": "a"}]}"#)
            == ["$schema: must be a string (got a number) (line 1, column 13)"])
        #expect(messages(#"[{"$schema": "x", "title": "a"}]"#) == ["[0].$schema: unknown key (line 1, column 3)"])
    }

    @Test func everyKindHasItsOwnCode() {
        let kinds: [DeckProblemKind] = [
            .invalidUTF8(offset: 0), .encodedAsUTF16(bigEndian: true), .emptyDocument, .notADeck(.png),
            .unclosedCodeBlock, .unclosedComment, .secondPicture(firstLine: 2),
            .syntax(expected: .value, found: .endOfInput),
            .unterminatedString(startLine: 1, startColumn: 1, atEndOfFile: true), .trailingComma, .comment,
            .singleQuotes, .unquotedKey("a"), .missingComma(beforeKey: true), .secondTopLevelValue,
            .unescapedControlCharacter(9), .loneSurrogate(0xD800), .nestedTooDeeply(limit: 64),
            .duplicateKey("a", firstLine: 1, firstColumn: 1), .notFinite(text: "1e400"),
            .wrongType(expected: [.string], got: .null), .mustBeGreaterThan(0, got: 0), .mustBeAtLeast(0, got: -1),
            .mustBeAtMost(1, got: 2), .notOneOf(allowed: ["a"], got: "b", suggestion: nil), .unknownKey("x", suggestion: nil), .invalidColor(got: "x", suggestion: nil),
            .missingStoriesOrGroups, .storiesAndGroupsTogether, .missingKey("title"), .noStories, .noGroups,
            .emptyID, .nothingToShow, .imageAndVideo, .duplicateID("a", firstPath: "[0].id", firstIsDefault: false),
            .defaultIDTaken("2", byPath: "[0].id"), .startNotPosition(got: 0.5), .startUnknownID("z"),
            .startOutOfRange(got: 9, count: 1),
        ]
        let codes = kinds.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } })
    }
}
