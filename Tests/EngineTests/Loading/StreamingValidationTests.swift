import Testing
@testable import Engine

/// Validating stories while parsing (no tree of the story lists) says exactly what validating the whole tree says.
@Suite("Validating while parsing")
struct StreamingValidationTests {
    static let decks: [String] = [
        #"[{"title": "a"}, 3, {"id": "2", "title": "b"}, {"caption": "c"}]"#,
        #"{"stories": [{"title": "a"}], "stories": [{"id": 1}, {"nothing": 2}]}"#,
        #"{"groups": [{"title": "g", "stories": [{"title": "a"}]}], "groups": [{"stories": [7]}]}"#,
        #"{"stories": [{"title": "a", "id": "x"}], "groups": [{"title": "g", "stories": [{"title": "b", "id": "x"}]}]}"#,
        #"{"groups": [{"title": "g", "stories": []}, {"stories": [{"title": "a"}]}, {"title": "h", "stories": [1]}]}"#,
        #"{"groups": [{"title": "g", "stories": [{"title": "a"}], "stories": [{"id": 5}]}], "start": "1"}"#,
        #"{"stories": [{"title": "a", "art": [["x"]], "caption": {"stories": []}}], "start": 2}"#,
        #"{"stories": [], "title": 3}"#,
        #"[]"#,
        #"[{"title": "a", "title": "b"}, {"title": "c", "captoin": "d"}]"#,
        #"{"x": {"stories": [1]}, "stories": [{"title": "a"}, {"title": "b", "id": "1"}]}"#,
        #"{"stories": [{"title": "a"}, {"title": "b", "duration": 1e999}, {"title": "c", "duration": -1}"#,
    ]

    @Test(arguments: decks)
    func sameResultAsTheWholeTree(deck: String) {
        let bytes = Array(deck.utf8)
        let parsed = JSONParser.parse(bytes)
        let wholeTree: Result<Deck, DeckLoadError> = parsed.value.map {
            DeckValidator.validate($0, baseDirectory: "d", parserProblems: parsed.collector)
        } ?? .failure(DeckValidator.invalid(parsed.collector))
        #expect(DeckValidator.parseAndValidate(bytes, baseDirectory: "d") == wholeTree)
    }

    @Test func nothingIsKeptAsATree() {
        var validator = DeckValidator(baseDirectory: nil)
        let parsed = JSONParser.parse(
            Array(#"{"groups": [{"title": "g", "stories": [{"title": "a", "x": [[1, 2], {"y": 3}]}, 2]}], "z": {}}"#.utf8),
            consumer: &validator)
        guard case .consumedObject? = parsed.value?.kind else {
            Issue.record("the deck object was kept: \(String(describing: parsed.value))")
            return
        }
        #expect(validator.positions == 2)
    }

    /// A skipped container keeps only its count; its contents are still checked.
    @Test func skippedContainersAreCountedAndChecked() {
        struct Skipper: JSONElementConsumer {
            func mode(forContainerAt place: JSONPlace, isObject: Bool) -> JSONContainerMode {
                place == .root ? .stream(tag: 0) : .skip
            }
            func consume(_ element: JSONValue, at index: Int, tag: Int) {}
            func consume(_ member: JSONMember, tag: Int) {}
        }
        var skipper = Skipper()
        let parsed = JSONParser.parse(Array(#"[[1, [2, 3]], {"a": 1, "a": 2}]"#.utf8), consumer: &skipper)
        #expect(parsed.problems.map(\.kind) == [.duplicateKey("a", firstLine: 1, firstColumn: 16)])
        guard case .consumedArray(let count)? = parsed.value?.kind else {
            Issue.record("the root was not streamed")
            return
        }
        #expect(count == 2)
    }
}
