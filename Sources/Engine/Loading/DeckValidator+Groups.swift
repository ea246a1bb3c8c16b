/// Groups: a title and a list of stories each.
extension DeckValidator {
    mutating func groupMember(_ member: JSONMember) {
        guard var draft = group.take() else { return }
        let path = JSONPath.root.appending("groups").appending(draft.index).appending(member.key)
        switch member.key {
        case "title":
            draft.hasTitle = true
            if let text = string(member.value, at: path) {
                draft.title = TextSanitizer.sanitize(text, keepingLineBreaks: false)
            }
        case "stories":
            draft.hasStories = true
            draft.lastPosition = positions
            if case .consumedArray(let count) = member.value.kind {
                if count == 0 { report(.noStories, at: path, member.value) }
            } else {
                report(.wrongType(expected: [.array], got: member.value.type), at: path, member.value)
            }
        default:
            reportUnknownKey(member, at: path, among: Self.groupKeys)
        }
        group = draft
    }

    /// Ends the group at `index` of `groups` (an object whose members were streamed, or a wrong type).
    mutating func finishGroup(_ element: JSONValue, index: Int) {
        let path = JSONPath.root.appending("groups").appending(index)
        defer { group = nil }
        guard case .consumedObject = element.kind, let draft = group else {
            report(.wrongType(expected: [.object], got: element.type), at: path, element)
            return
        }
        if !draft.hasTitle { report(.missingKey("title"), at: path, element) }
        if !draft.hasStories { report(.missingKey("stories"), at: path, element) }
        if let title = draft.title, draft.firstPosition > 0, draft.lastPosition >= draft.firstPosition {
            groups.append(StoryGroup(title: title, range: draft.firstPosition - 1..<draft.lastPosition))
        }
    }
}
