/// Writes a deck as the JSON deck it plays as (`--print-deck`): a folder or Markdown deck becomes the JSON a
/// user can start from and edit, and reading the output back gives the same deck (the round trip the tests
/// hold). Keys the deck leaves at their defaults are left out, and so is an id that is the story's position.
///
/// The text comes in parts (the deck's head, then each story or group), so that a large deck is never one
/// string: `write(_:_:)` hands each part to `emit` and stops when it returns false.
public enum DeckJSONWriter {
    /// The `$schema` the output names unless told another: the schema as the Debian package installs it
    /// (the program passes where it finds the schema on its machine: `SchemaLocation`).
    public static let schemaLocation = "file:///usr/share/doc/stories-tui/deck.schema.json"

    /// The whole deck as one string (for tests and small decks).
    public static func text(of deck: Deck, schema: String = schemaLocation) -> String {
        var text = ""
        write(deck, schema: schema) { part in
            text += part
            return true
        }
        return text
    }

    /// Writes the deck in parts, each ending in a line break.
    /// - Parameters:
    ///   - schema: the address `$schema` names.
    ///   - emit: takes one part; returns false to stop (a failed write).
    public static func write(_ deck: Deck, schema: String = schemaLocation, _ emit: (String) -> Bool) {
        var head = ["{", "  \"$schema\": " + JSONText.quoted(schema) + ","]
        if let title = deck.title { head.append("  \"title\": \(JSONText.quoted(title)),") }
        if deck.defaultDuration != DeckLimits.defaultDuration {
            head.append("  \"duration\": \(NumberText.plain(deck.defaultDuration)),")
        }
        if deck.strategy != .once { head.append("  \"strategy\": \(JSONText.quoted(deck.strategy.rawValue)),") }
        if deck.leeway != 0 { head.append("  \"leeway\": \(NumberText.plain(deck.leeway)),") }
        switch deck.start {
        case .id(let id)?: head.append("  \"start\": \(JSONText.quoted(id)),")
        case .position(let position)?: head.append("  \"start\": \(position),")
        case nil: break
        }
        if deck.theme != .dark { head.append("  \"theme\": \(JSONText.quoted(deck.theme.rawValue)),") }
        if let background = backgroundValue(deck.background, deck.backgroundGradient) {
            head.append("  \"background\": \(background),")
        }
        if let color = deck.accent { head.append("  \"accent\": \(JSONText.quoted(color.text)),") }
        head.append(deck.hasGroups ? "  \"groups\": [" : "  \"stories\": [")
        guard emit(head.joined(separator: "\n") + "\n") else { return }
        if deck.hasGroups {
            for (number, group) in deck.groups.enumerated() {
                var part = "    {\n      \"title\": \(JSONText.quoted(group.title)),\n      \"stories\": [\n"
                for index in group.range {
                    part += storyText(deck.stories[index], position: index + 1, indent: "        ")
                    part += index == group.range.upperBound - 1 ? "\n" : ",\n"
                }
                part += "      ]\n    }" + (number == deck.groups.count - 1 ? "\n" : ",\n")
                guard emit(part) else { return }
            }
        } else {
            for index in deck.stories.indices {
                let part = storyText(deck.stories[index], position: index + 1, indent: "    ")
                guard emit(part + (index == deck.stories.count - 1 ? "\n" : ",\n")) else { return }
            }
        }
        _ = emit("  ]\n}\n")
    }

    /// A JSON string with its line breaks written `\n`, as a person writes them (`JSONText.quoted` writes
    /// every control as `\u00XX`, which is right for the events file but hard to edit).
    static func quoted(_ text: String) -> String {
        "\"" + text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { JSONText.quoted(String($0)).dropFirst().dropLast() }
            .joined(separator: "\\n") + "\""
    }

    /// A `background` value: the gradient's colours as an array where there is one, else the one colour.
    static func backgroundValue(_ color: DeckColor?, _ gradient: [DeckColor]?) -> String? {
        if let gradient, gradient.count > 1 {
            return "[" + gradient.map { JSONText.quoted($0.text) }.joined(separator: ", ") + "]"
        }
        return color.map { JSONText.quoted($0.text) }
    }

    /// One story as a JSON object, one key a line, without a line break after its `}`.
    static func storyText(_ story: Story, position: Int, indent: String) -> String {
        var members: [String] = []
        func add(_ key: String, _ value: String) { members.append("\(indent)  \"\(key)\": \(value)") }
        if story.id != String(position) { add("id", JSONText.quoted(story.id)) }
        if let title = story.title { add("title", JSONText.quoted(title)) }
        if let caption = story.caption { add("caption", quoted(caption)) }
        if let duration = story.duration { add("duration", NumberText.plain(duration)) }
        if let art = story.art { add("art", quoted(art)) }
        if let image = story.image { add(story.isVideo ? "video" : "image", JSONText.quoted(image)) }
        if story.fit != .contain { add("fit", JSONText.quoted(story.fit.rawValue)) }
        if let alt = story.alt { add("alt", JSONText.quoted(alt)) }
        if let theme = story.theme { add("theme", JSONText.quoted(theme.rawValue)) }
        if let background = backgroundValue(story.background, story.backgroundGradient) { add("background", background) }
        if let color = story.accent { add("accent", JSONText.quoted(color.text)) }
        if let link = story.link { add("link", JSONText.quoted(link)) }
        return "\(indent){\n" + members.joined(separator: ",\n") + "\n\(indent)}"
    }
}
