/// The deck object's own keys, and what is checked once the whole document has been read.
extension DeckValidator {
    mutating func deckMember(_ member: JSONMember) {
        let path = JSONPath.root.appending(member.key)
        let value = member.value
        switch member.key {
        case "title":
            if let text = string(value, at: path) { deck.title = Self.visible(text, keepingLineBreaks: false) }
        case "duration":
            if let seconds = duration(value, at: path) { deck.defaultDuration = seconds }
        case "strategy":
            if let strategy: Strategy = choice(value, at: path) { deck.strategy = strategy }
        case "leeway":
            if let seconds = number(value, at: path) {
                if seconds < 0 {
                    report(.mustBeAtLeast(0, got: seconds), at: path, value)
                } else if seconds > DeckLimits.maximumLeeway {
                    report(.mustBeAtMost(DeckLimits.maximumLeeway, got: seconds), at: path, value)
                } else {
                    deck.leeway = seconds
                }
            }
        case "start":
            start = member
        case "$schema":
            // Lets an editor find the schema; the program has no use for it.
            _ = string(value, at: path)
        case "theme":
            if let theme: Theme = choice(value, at: path) { deck.theme = theme }
        case "background":
            (deck.background, deck.backgroundGradient) = background(value, at: path)
        case "accent":
            deck.accent = color(value, at: path)
        case "stories", "groups":
            if listKey != nil {
                report(.storiesAndGroupsTogether, at: path, line: member.line, column: member.column)
            }
            listKey = listKey ?? member.key
            guard case .consumedArray(let count) = value.kind else {
                report(.wrongType(expected: [.array], got: value.type), at: path, value)
                return
            }
            if count == 0 { report(member.key == "stories" ? .noStories : .noGroups, at: path, value) }
        default:
            reportUnknownKey(member, at: path, among: Self.deckKeys)
        }
    }

    /// Checks the document as a whole once it has been read (its parts were checked as they came).
    mutating func finishRoot(_ root: JSONValue) {
        switch root.kind {
        case .consumedArray(let count):
            if count == 0 { report(.noStories, at: .root, root) }
        case .consumedObject:
            if listKey == nil { report(.missingStoriesOrGroups, at: .root, root) }
            if let start { deck.start = resolveStart(start.value, at: JSONPath.root.appending("start")) }
        default:
            report(.wrongType(expected: [.array, .object], got: root.type), at: .root, root)
        }
    }

    private mutating func resolveStart(_ value: JSONValue, at path: JSONPath) -> StartReference? {
        switch value.kind {
        case .string(let text):
            let id = TextSanitizer.sanitize(text, keepingLineBreaks: false)
            guard ids.owner(of: id) != nil else {
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
}
