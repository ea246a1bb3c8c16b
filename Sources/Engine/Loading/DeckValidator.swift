/// Turns a parsed JSON document into a `Deck`, or every problem in it (SPEC section 2).
///
/// Text is sanitised here, once. Problems come back sorted by position (file order).
/// As a `JSONElementConsumer` it validates each story as the parser completes it, so that story lists never
/// exist as a tree (`parseAndValidate`); it validates a whole tree too (`validate`).
struct DeckValidator: JSONElementConsumer {
    static let deckKeys = ["title", "duration", "strategy", "leeway", "start", "theme", "stories", "groups"]
    static let storyKeys = ["id", "title", "caption", "duration", "art", "image", "alt", "theme"]
    static let groupKeys = ["title", "stories"]
    /// The story keys of which at least one must hold something to show.
    static let contentKeys: Set<String> = ["title", "caption", "art", "image"]
    static let maximumDuration: Double = 86_400
    static let maximumLeeway: Double = 3_600

    /// Where a story sits: in a group's list, in the deck's `stories`, or in a top-level array.
    ///
    /// Kept in 8 bytes (one per id in `idOwners`): a deck of at most 16 MiB has fewer than 2³² of anything.
    private struct StoryLocation {
        /// The group's index plus one; 0 outside any group.
        private var storedGroup: UInt32
        private var storedIndex: UInt32

        init(group: Int?, index: Int) {
            storedGroup = group.map { UInt32(truncatingIfNeeded: $0 + 1) } ?? 0
            storedIndex = UInt32(truncatingIfNeeded: index)
        }

        /// The index of the group whose list holds the story, or nil.
        var group: Int? { storedGroup == 0 ? nil : Int(storedGroup) - 1 }
        /// The story's 0-based index in its list.
        var index: Int { Int(storedIndex) }
    }

    /// The story that first used an id, and whether that id was its default (its position).
    private struct IDOwner {
        var location: StoryLocation
        var isDefault: Bool
    }

    private var problems: [DeckProblem] = []
    private var stories: [Story] = []
    private var groups: [StoryGroup] = []
    private var idOwners: [String: IDOwner] = [:]
    /// Story elements seen so far, valid or not: the next default id is this plus one.
    private var positions = 0
    private var rootIsArray = false
    /// The stories of each group's list, by group index, as far as validated.
    private var groupStories: [Int: Range<Int>] = [:]
    /// The consumer tag of a story list outside any group.
    private static let ungrouped = -1

    /// Parses and validates a document, each story as soon as the parser has completed it.
    /// - Parameter bytes: the file's bytes.
    /// - Parameter baseDirectory: the folder image paths are relative to, or nil.
    static func parseAndValidate(_ bytes: [UInt8], baseDirectory: String?) -> Result<Deck, DeckLoadError> {
        var validator = DeckValidator()
        let parsed = JSONParser.parse(bytes, consumer: &validator)
        guard let root = parsed.value else { return .failure(.invalid(sorted(parsed.problems))) }
        return validator.finish(root, baseDirectory: baseDirectory, earlierProblems: parsed.problems)
    }

    /// Validates a document; `earlierProblems` (from the parser) are merged in file order.
    static func validate(
        _ root: JSONValue, baseDirectory: String?, earlierProblems: [DeckProblem] = []
    ) -> Result<Deck, DeckLoadError> {
        var validator = DeckValidator()
        return validator.finish(root, baseDirectory: baseDirectory, earlierProblems: earlierProblems)
    }

    /// Validates what is left of the tree after the stories consumed so far; the parser's problems go first.
    private mutating func finish(
        _ root: JSONValue, baseDirectory: String?, earlierProblems: [DeckProblem]
    ) -> Result<Deck, DeckLoadError> {
        problems = earlierProblems + problems
        var deck = Deck(stories: [], baseDirectory: baseDirectory)
        validateRoot(root, into: &deck)
        guard problems.isEmpty else { return .failure(.invalid(Self.sorted(problems))) }
        deck.stories = stories
        deck.groups = groups
        return .success(deck)
    }

    // MARK: Consuming story lists

    /// `groups[i].stories` is 3 containers deep (the root, `groups`, the group); deeper arrays are never story lists.
    var deepestArray: Int { 3 }

    /// Story lists are consumed: the root array, the deck's `stories` and a group's `stories`.
    mutating func tag(forArrayAt path: JSONPath) -> Int? {
        let components = path.components
        if components.isEmpty {
            rootIsArray = true
            return Self.ungrouped
        }
        if components == [.key("stories")] { return Self.ungrouped }
        guard components.count == 3, components[0] == .key("groups"), components[2] == .key("stories"),
            case .index(let group) = components[1]
        else { return nil }
        groupStories[group] = stories.count..<stories.count
        return group
    }

    /// Validates one story of a list.
    mutating func consume(_ element: JSONValue, at index: Int, tag: Int) {
        let group = tag == Self.ungrouped ? nil : tag
        validateStory(element, at: StoryLocation(group: group, index: index))
        if let group, let range = groupStories[group] {
            groupStories[group] = range.lowerBound..<stories.count
        }
    }

    /// Problems in file order; those without a position first; ties keep their order.
    static func sorted(_ problems: [DeckProblem]) -> [DeckProblem] {
        problems.enumerated().sorted { left, right in
            let a = (left.element.line ?? 0, left.element.column ?? 0, left.offset)
            let b = (right.element.line ?? 0, right.element.column ?? 0, right.offset)
            return a < b
        }.map(\.element)
    }

    // MARK: Deck

    private mutating func validateRoot(_ root: JSONValue, into deck: inout Deck) {
        switch root.kind {
        case .array, .consumedArray:
            rootIsArray = true
            validateStoryList(root, path: .root, group: nil)
        case .object(let members):
            validateDeckObject(root, members: members, into: &deck)
        default:
            report(.wrongType(expected: [.array, .object], got: root.type), at: .root, root)
        }
    }

    private mutating func validateDeckObject(_ root: JSONValue, members: [JSONMember], into deck: inout Deck) {
        var start: (member: JSONMember, path: JSONPath)?
        var listKey: String?
        for member in members {
            let path = JSONPath.root.appending(member.key)
            let value = member.value
            switch member.key {
            case "title":
                if let text = string(value, at: path) {
                    deck.title = TextSanitizer.sanitize(text, keepingLineBreaks: false)
                }
            case "duration":
                if let seconds = duration(value, at: path) { deck.defaultDuration = seconds }
            case "strategy":
                if let strategy: Strategy = choice(value, at: path) { deck.strategy = strategy }
            case "leeway":
                if let seconds = number(value, at: path) {
                    if seconds < 0 {
                        report(.mustBeAtLeast(0, got: seconds), at: path, value)
                    } else if seconds > Self.maximumLeeway {
                        report(.mustBeAtMost(Self.maximumLeeway, got: seconds), at: path, value)
                    } else {
                        deck.leeway = seconds
                    }
                }
            case "start":
                start = (member, path)
            case "theme":
                if let theme: Theme = choice(value, at: path) { deck.theme = theme }
            case "stories", "groups":
                if listKey != nil {
                    report(.storiesAndGroupsTogether, at: path, line: member.line, column: member.column)
                }
                listKey = member.key
                if member.key == "stories" {
                    validateStoryList(value, path: path, group: nil)
                } else {
                    validateGroups(value, at: path)
                }
            default:
                reportUnknownKey(member, at: path, among: Self.deckKeys)
            }
        }
        if listKey == nil {
            report(.missingStoriesOrGroups, at: .root, root)
        }
        if let start {
            deck.start = resolveStart(start.member.value, at: start.path)
        }
    }

    private mutating func resolveStart(_ value: JSONValue, at path: JSONPath) -> StartReference? {
        switch value.kind {
        case .string(let text):
            let id = TextSanitizer.sanitize(text, keepingLineBreaks: false)
            guard idOwners[id] != nil else {
                report(.startUnknownID(id), at: path, value)
                return nil
            }
            return .id(id)
        case .number(let number):
            guard number >= 1, number == number.rounded() else {
                report(.startNotPosition(got: number), at: path, value)
                return nil
            }
            guard number <= Double(positions) else {
                report(.startOutOfRange(got: number, count: positions), at: path, value)
                return nil
            }
            return .position(Int(number))
        case .invalidNumber:
            return nil
        default:
            report(.wrongType(expected: [.string, .integer], got: value.type), at: path, value)
            return nil
        }
    }

    // MARK: Groups and stories

    private mutating func validateGroups(_ value: JSONValue, at path: JSONPath) {
        guard case .array(let elements) = value.kind else {
            report(.wrongType(expected: [.array], got: value.type), at: path, value)
            return
        }
        if elements.isEmpty { report(.noGroups, at: path, value) }
        for (index, element) in elements.enumerated() {
            let groupPath = path.appending(index)
            guard case .object(let members) = element.kind else {
                report(.wrongType(expected: [.object], got: element.type), at: groupPath, element)
                continue
            }
            var title: String?
            var hasTitle = false
            var storyList: JSONMember?
            for member in members {
                let memberPath = groupPath.appending(member.key)
                switch member.key {
                case "title":
                    hasTitle = true
                    if let text = string(member.value, at: memberPath) {
                        title = TextSanitizer.sanitize(text, keepingLineBreaks: false)
                    }
                case "stories":
                    storyList = member
                default:
                    reportUnknownKey(member, at: memberPath, among: Self.groupKeys)
                }
            }
            if !hasTitle { report(.missingKey("title"), at: groupPath, element) }
            if let storyList {
                validateStoryList(storyList.value, path: groupPath.appending("stories"), group: index)
            } else {
                report(.missingKey("stories"), at: groupPath, element)
            }
            if let title, let range = groupStories[index], !range.isEmpty {
                groups.append(StoryGroup(title: title, range: range))
            }
        }
    }

    private mutating func validateStoryList(_ value: JSONValue, path: JSONPath, group: Int?) {
        switch value.kind {
        case .consumedArray(let count):
            // Its stories were validated as they were parsed.
            if count == 0 { report(.noStories, at: path, value) }
        case .array(let elements):
            if elements.isEmpty { report(.noStories, at: path, value) }
            stories.reserveCapacity(stories.count + elements.count)
            idOwners.reserveCapacity(idOwners.count + elements.count)
            if let group { groupStories[group] = stories.count..<stories.count }
            for (index, element) in elements.enumerated() {
                consume(element, at: index, tag: group ?? Self.ungrouped)
            }
        default:
            report(.wrongType(expected: [.array], got: value.type), at: path, value)
        }
    }

    private mutating func validateStory(_ value: JSONValue, at location: StoryLocation) {
        positions += 1
        let position = positions
        guard case .object(let members) = value.kind else {
            report(.wrongType(expected: [.object], got: value.type), at: path(of: location), value)
            return
        }
        let isRootArray = rootIsArray
        /// The path of one of this story's keys, built only when a problem needs it.
        func pathOf(_ key: String) -> JSONPath {
            Self.path(of: location, rootIsArray: isRootArray).appending(key)
        }
        var story = Story(id: "")
        var explicitID: (id: String, member: JSONMember)?
        var idIsBroken = false
        var hasContent = false
        for member in members {
            let value = member.value
            switch member.key {
            case "id":
                guard let text = string(value, at: pathOf("id")) else {
                    idIsBroken = true
                    continue
                }
                let id = TextSanitizer.sanitize(text, keepingLineBreaks: false)
                if id.isEmpty {
                    report(.emptyID, at: path(of: location).appending("id"), value)
                    idIsBroken = true
                } else {
                    explicitID = (id, member)
                }
            case "title", "caption", "art", "image", "alt":
                let keepsLineBreaks = member.key == "caption" || member.key == "art"
                guard let text = string(value, at: pathOf(member.key)) else {
                    // A wrong type is one problem; do not add "nothing to show" on top of it.
                    if member.key != "alt" { hasContent = true }
                    continue
                }
                let clean = TextSanitizer.sanitize(text, keepingLineBreaks: keepsLineBreaks)
                switch member.key {
                case "title": story.title = clean
                case "caption": story.caption = clean
                case "art": story.art = clean
                case "image": story.image = clean
                default: story.alt = clean
                }
                if member.key != "alt", !clean.isEmpty { hasContent = true }
            case "duration":
                story.duration = duration(value, at: pathOf("duration"))
            case "theme":
                story.theme = choice(value, at: pathOf("theme"))
            default:
                let suggestion = reportUnknownKey(
                    member, at: path(of: location).appending(member.key), among: Self.storyKeys)
                // A misspelt `captoin` is one problem; do not add "nothing to show" on top of it.
                if let suggestion, Self.contentKeys.contains(suggestion) { hasContent = true }
            }
        }
        if !hasContent {
            report(.nothingToShow, at: path(of: location), value)
        }
        if let explicitID {
            story.id = explicitID.id
            if let owner = idOwners[explicitID.id] {
                let firstPath = owner.isDefault ? path(of: owner.location) : path(of: owner.location).appending("id")
                report(
                    .duplicateID(explicitID.id, firstPath: firstPath.rendered, firstIsDefault: owner.isDefault),
                    at: path(of: location).appending("id"), explicitID.member.value)
            } else {
                idOwners[explicitID.id] = IDOwner(location: location, isDefault: false)
            }
        } else if !idIsBroken {
            story.id = String(position)
            if let owner = idOwners[story.id] {
                // Only an explicit id can already hold a position's number.
                report(
                    .defaultIDTaken(story.id, byPath: path(of: owner.location).appending("id").rendered),
                    at: path(of: location), value)
            } else {
                idOwners[story.id] = IDOwner(location: location, isDefault: true)
            }
        }
        stories.append(story)
    }

    private func path(of location: StoryLocation) -> JSONPath {
        Self.path(of: location, rootIsArray: rootIsArray)
    }

    private static func path(of location: StoryLocation, rootIsArray: Bool) -> JSONPath {
        if rootIsArray { return JSONPath.root.appending(location.index) }
        if let group = location.group {
            return JSONPath.root.appending("groups").appending(group).appending("stories").appending(location.index)
        }
        return JSONPath.root.appending("stories").appending(location.index)
    }

    // MARK: Values

    private mutating func string(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> String? {
        if case .string(let text) = value.kind { return text }
        report(.wrongType(expected: [.string], got: value.type), at: path(), value)
        return nil
    }

    /// A finite number; nil after reporting a wrong type (or for a number the parser already reported).
    private mutating func number(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> Double? {
        switch value.kind {
        case .number(let number):
            return number
        case .invalidNumber:
            return nil
        default:
            report(.wrongType(expected: [.number], got: value.type), at: path(), value)
            return nil
        }
    }

    private mutating func duration(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> Double? {
        guard let seconds = number(value, at: path()) else { return nil }
        if seconds <= 0 {
            report(.mustBeGreaterThan(0, got: seconds), at: path(), value)
            return nil
        }
        if seconds > Self.maximumDuration {
            report(.mustBeAtMost(Self.maximumDuration, got: seconds), at: path(), value)
            return nil
        }
        return seconds
    }

    private mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: @autoclosure () -> JSONPath
    ) -> Choice? where Choice.RawValue == String {
        guard let text = string(value, at: path()) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        report(.notOneOf(allowed: Choice.allCases.map(\.rawValue), got: text), at: path(), value)
        return nil
    }

    // MARK: Reporting

    @discardableResult
    private mutating func reportUnknownKey(_ member: JSONMember, at path: JSONPath, among known: [String]) -> String? {
        let suggestion = KeySuggester.suggestion(for: member.key, among: known)
        report(.unknownKey(member.key, suggestion: suggestion), at: path, line: member.line, column: member.column)
        return suggestion
    }

    private mutating func report(_ kind: DeckProblemKind, at path: JSONPath, _ value: JSONValue) {
        report(kind, at: path, line: value.line, column: value.column)
    }

    private mutating func report(_ kind: DeckProblemKind, at path: JSONPath, line: Int32, column: Int32) {
        problems.append(DeckProblem(path: path.rendered, line: Int(line), column: Int(column), kind: kind))
    }
}
