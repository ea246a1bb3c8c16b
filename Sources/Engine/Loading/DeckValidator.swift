/// Turns a JSON document into a `Deck`, or its problems (docs/DECK-FORMAT.md), while the parser reads it.
///
/// As a `JSONElementConsumer` it streams the deck object, the story lists, the groups and every story: each member
/// and element is validated as soon as the parser completes it, and everything else (the value of an unknown key,
/// an array where a string belongs) is skipped, so no part of a deck is ever kept as a tree (docs/RELIABILITY.md). Text is
/// sanitised here, once. Once a problem is found, stories are no longer kept, only what finds later problems.
struct DeckValidator: JSONElementConsumer {
    static let deckKeys = [
        "title", "duration", "strategy", "leeway", "start", "theme", "background", "accent", "stories", "groups",
        "$schema",
    ]
    static let storyKeys = [
        "id", "title", "caption", "duration", "art", "image", "video", "alt", "theme", "background", "accent", "fit",
        "link",
    ]
    static let groupKeys = ["title", "stories"]
    /// The story keys of which at least one must hold something to show.
    static let contentKeys: Set<String> = ["title", "caption", "art", "image", "video"]

    /// What a streamed container is, as its tag.
    enum Role: Int {
        case deck, rootStories, deckStories, groups, group, groupStories, story
        /// The colours of a gradient `background` (of the deck or of the story being read).
        case gradient
    }

    var problems = ProblemCollector()
    /// The deck so far: its own keys, and its stories while no problem has been found.
    var deck: Deck
    var groups: [StoryGroup] = []
    var ids = StoryIDRegistry()
    /// Story elements seen so far, valid or not: the next story's position is this plus one.
    var positions = 0
    var rootIsArray = false
    /// The deck's `start` member, resolved once every id is known.
    var start: JSONMember?
    /// `stories` or `groups`, whichever came first.
    var listKey: String?
    var group: GroupDraft?
    var story: StoryDraft?
    /// The gradient `background` being read, if any.
    var gradient: GradientDraft?
    /// Asks why images cannot be shown; nil to leave images unchecked.
    let checkImages: ImageCheck?
    /// Images waiting to be checked, at most `imageCheckBatch`.
    var pendingImages: [PendingImage] = []

    /// How many image paths are given to `checkImages` at a time.
    static let imageCheckBatch = 256

    /// An image to check, and where its story's `image` value is.
    struct PendingImage {
        var path: String
        var location: StoryLocation
        var line: Int32
        var column: Int32
        /// `image` or `video`: where a problem is reported.
        var key: String
    }

    init(baseDirectory: String?, checkImages: ImageCheck? = nil) {
        deck = Deck(stories: StoryList(imageFolder: baseDirectory), baseDirectory: baseDirectory)
        self.checkImages = checkImages
    }

    /// Parses and validates a document, each part as soon as the parser has completed it.
    /// - Parameter bytes: the file's bytes.
    /// - Parameter baseDirectory: the folder image paths are relative to, or nil.
    /// - Parameter checkImages: asks why images cannot be shown, or nil to leave them unchecked.
    static func parseAndValidate(
        _ bytes: [UInt8], baseDirectory: String?, checkImages: ImageCheck? = nil
    ) -> Result<Deck, DeckLoadError> {
        var validator = DeckValidator(baseDirectory: baseDirectory, checkImages: checkImages)
        let parsed = JSONParser.parse(bytes, consumer: &validator)
        guard let root = parsed.value else { return .failure(Self.invalid(parsed.collector)) }
        return validator.finish(root, parserProblems: parsed.collector)
    }

    /// Validates a whole tree, fed to the validator as the parser would have streamed it.
    static func validate(
        _ root: JSONValue, baseDirectory: String?, parserProblems: ProblemCollector = ProblemCollector()
    ) -> Result<Deck, DeckLoadError> {
        var validator = DeckValidator(baseDirectory: baseDirectory)
        let streamed = JSONTreeReplayer.replay(root, to: &validator)
        return validator.finish(streamed, parserProblems: parserProblems)
    }

    static func invalid(_ problems: ProblemCollector) -> DeckLoadError {
        .invalid(problems.problems, omitted: problems.omitted)
    }

    /// Checks what only the whole deck tells; the parser's problems go first among problems at one position.
    mutating func finish(_ root: JSONValue, parserProblems: ProblemCollector) -> Result<Deck, DeckLoadError> {
        checkPendingImages()
        finishRoot(root)
        var all = parserProblems
        all.append(problems)
        guard all.isEmpty else { return .failure(Self.invalid(all)) }
        deck.groups = groups
        return .success(deck)
    }

    // MARK: Streaming

    mutating func mode(forContainerAt place: JSONPlace, isObject: Bool) -> JSONContainerMode {
        switch place {
        case .root:
            if isObject { return .stream(tag: Role.deck.rawValue) }
            rootIsArray = true
            ids.beginList(firstPosition: positions + 1, group: nil)
            return .stream(tag: Role.rootStories.rawValue)
        case .member(let key, let parent):
            switch (Role(rawValue: parent), key, isObject) {
            case (.deck?, "stories", false):
                ids.beginList(firstPosition: positions + 1, group: nil)
                return .stream(tag: Role.deckStories.rawValue)
            case (.deck?, "groups", false):
                return .stream(tag: Role.groups.rawValue)
            case (.deck?, "background", false):
                gradient = GradientDraft(path: .root.appending(key))
                return .stream(tag: Role.gradient.rawValue)
            case (.story?, "background", false):
                guard let location = story?.location else { return .skip }
                gradient = GradientDraft(path: path(of: location).appending(key))
                return .stream(tag: Role.gradient.rawValue)
            case (.group?, "stories", false):
                guard let index = group?.index else { return .skip }
                group?.firstPosition = positions + 1
                ids.beginList(firstPosition: positions + 1, group: index)
                return .stream(tag: Role.groupStories.rawValue)
            default:
                return .skip
            }
        case .element(let index, let parent):
            switch (Role(rawValue: parent), isObject) {
            case (.rootStories?, true), (.deckStories?, true):
                story = StoryDraft(location: StoryLocation(group: nil, index: index))
                return .stream(tag: Role.story.rawValue)
            case (.groupStories?, true):
                story = StoryDraft(location: StoryLocation(group: group?.index, index: index))
                return .stream(tag: Role.story.rawValue)
            case (.groups?, true):
                group = GroupDraft(index: index)
                return .stream(tag: Role.group.rawValue)
            default:
                return .skip
            }
        }
    }

    mutating func consume(_ element: JSONValue, at index: Int, tag: Int) {
        switch Role(rawValue: tag) {
        case .rootStories?, .deckStories?:
            finishStory(element, location: StoryLocation(group: nil, index: index))
        case .groupStories?:
            finishStory(element, location: StoryLocation(group: group?.index, index: index))
        case .groups?:
            finishGroup(element, index: index)
        case .gradient?:
            gradientColor(element, at: index)
        default:
            break
        }
    }

    mutating func consume(_ member: JSONMember, tag: Int) {
        switch Role(rawValue: tag) {
        case .deck?: deckMember(member)
        case .group?: groupMember(member)
        case .story?: storyMember(member)
        default: break
        }
    }

    /// The path of a story's value.
    func path(of location: StoryLocation) -> JSONPath {
        location.path(rootIsArray: rootIsArray)
    }
}
