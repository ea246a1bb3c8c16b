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
            DeckValidator.validate($0, baseDirectory: "d", earlierProblems: parsed.problems)
        } ?? .failure(.invalid(DeckValidator.sorted(parsed.problems)))
        #expect(DeckValidator.parseAndValidate(bytes, baseDirectory: "d") == wholeTree)
    }

    @Test func storyListsAreNotKeptInTheTree() {
        var validator = DeckValidator()
        let parsed = JSONParser.parse(Array(#"{"groups": [{"title": "g", "stories": [{"title": "a"}, 2]}]}"#.utf8),
                                      consumer: &validator)
        guard case .object(let members)? = parsed.value?.kind, case .array(let groups) = members.first?.value.kind,
            case .object(let group)? = groups.first?.kind
        else {
            Issue.record("unexpected tree")
            return
        }
        #expect(group.map(\.key) == ["title", "stories"])
        guard case .consumedArray(let count) = group[1].value.kind else {
            Issue.record("the group's stories were kept")
            return
        }
        #expect(count == 2)
    }
}
