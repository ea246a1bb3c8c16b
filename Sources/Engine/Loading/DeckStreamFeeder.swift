/// Feeds a deck that is not JSON (a Markdown deck, a folder) to `DeckValidator` part by part, exactly as
/// `JSONParser` streams `{ setting, …, "stories": [ {…}, … ] }`: each story is validated as soon as it is
/// handed over and is never kept as a tree, so both go through the one validator, problems and all.
struct DeckStreamFeeder {
    private var validator: DeckValidator
    private let deckTag: Int
    private var storiesTag: Int?
    private var count = 0
    /// Problems the source found itself (Markdown syntax), given to the validator's `finish`.
    private(set) var sourceProblems = ProblemCollector()

    /// Starts a deck object.
    /// - Parameters:
    ///   - baseDirectory: the folder picture paths are relative to.
    ///   - checkImages: asks why pictures cannot be shown (`--check`), or nil.
    init(baseDirectory: String?, checkImages: ImageCheck?) {
        validator = DeckValidator(baseDirectory: baseDirectory, checkImages: checkImages)
        guard case .stream(let tag) = validator.mode(forContainerAt: .root, isObject: true) else {
            deckTag = DeckValidator.Role.deck.rawValue
            return
        }
        deckTag = tag
    }

    /// Whether a problem at this position would be kept (so that its facts are worth building).
    func accepts(line: Int, column: Int) -> Bool {
        sourceProblems.accepts(line: line, column: column)
    }

    /// Records a problem of the source itself (a code block never closed).
    mutating func report(_ kind: DeckProblemKind, path: String = "", line: Int, column: Int) {
        sourceProblems.add(DeckProblem(path: path, line: line, column: column, kind: kind))
    }

    /// One member of the deck object (before the first story).
    mutating func deckSetting(_ member: JSONMember) {
        var streamed = member
        streamed.value = JSONTreeReplayer.replay(member.value, mode: nil, place: .member(key: member.key, parent: deckTag),
                                                 to: &validator)
        validator.consume(streamed, tag: deckTag)
    }

    /// One story, as the members of its object; `line` and `column` are where it starts (0 for none).
    mutating func story(_ members: [JSONMember], line: Int32, column: Int32) {
        let tag = openStories()
        let value = JSONValue(kind: .object(members), line: line, column: column)
        let streamed = JSONTreeReplayer.replay(value, mode: nil, place: .element(index: count, parent: tag),
                                               to: &validator)
        validator.consume(streamed, at: count, tag: tag)
        count += 1
    }

    /// The path a story's member has in the deck as JSON (`stories[2].image`), for the source's own problems.
    func path(ofStory index: Int, key: String) -> String {
        JSONPath.root.appending("stories").appending(index).appending(key).rendered
    }

    /// How many stories were handed over.
    var storyCount: Int { count }

    /// Ends the deck: the stories list is complete (`line`, `column`: where a "no stories" problem goes).
    mutating func finish(line: Int32, column: Int32) -> Result<Deck, DeckLoadError> {
        _ = openStories()
        let list = JSONValue(kind: .consumedArray(count: count), line: line, column: column)
        validator.consume(JSONMember(key: "stories", line: line, column: column, value: list), tag: deckTag)
        return validator.finish(JSONValue(kind: .consumedObject, line: 1, column: 1), parserProblems: sourceProblems)
    }

    private mutating func openStories() -> Int {
        if let storiesTag { return storiesTag }
        let mode = validator.mode(forContainerAt: .member(key: "stories", parent: deckTag), isObject: false)
        let tag: Int
        if case .stream(let streamed) = mode { tag = streamed } else { tag = DeckValidator.Role.deckStories.rawValue }
        storiesTag = tag
        return tag
    }
}
