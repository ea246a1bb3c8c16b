/// A comment `<!-- key: value -->` that sets a key of the story (or, in the first block, of the deck): the key
/// is lower-case letters and dashes, the value a number when it is written as one and the key takes numbers
/// (`numberKeys`), a list of text when it is written as several items and the key takes a list (`listKeys`),
/// else text. A comment that is not of this form (`<!-- TODO: … -->`, a note) sets nothing.
struct MarkdownSetting {
    var key: String
    var value: String
    /// The value as a number, when it is written as one (`5`, `2.5`, `-1`, `1e3`); may be infinite (`1e400`).
    var number: Double?
    /// Byte offsets of the key and the value in the line.
    var keyAt: Int
    var valueAt: Int

    /// The value's items when the key takes a list and more than one is written (`#ff0000, #0000ff`,
    /// `red blue` or `["red", "blue"]`: commas, blanks, brackets or quotes between them), each with its byte offset in the line; nil for one item.
    var items: [(text: String, at: Int)]?

    /// The keys whose value may be a number (SPEC 2): for every other key, `<!-- id: 3 -->` is the text "3".
    static let numberKeys: Set<String> = ["duration", "leeway", "start"]

    /// The keys whose value may be a list, as JSON's array: `background` (a gradient of 2 or 3 colours).
    static let listKeys: Set<String> = ["background"]

    /// Reads a comment's body, the bytes of `line` from `start` to `end` (between `<!--` and `-->`).
    init?(_ line: MarkdownLine, from start: Int, to end: Int) {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var index = start
        while index < end, isBlank(line[index]) { index += 1 }
        let keyStart = index
        while index < end,
              (line[index] >= UInt8(ascii: "a") && line[index] <= UInt8(ascii: "z"))
                || (line[index] == UInt8(ascii: "-") && index > keyStart) {
            index += 1
        }
        guard index > keyStart, index < end, line[index] == UInt8(ascii: ":") else { return nil }
        key = line.text(from: keyStart, to: index)
        index += 1
        while index < end, isBlank(line[index]) { index += 1 }
        var valueEnd = end
        while valueEnd > index, isBlank(line[valueEnd - 1]) { valueEnd -= 1 }
        value = line.text(from: index, to: valueEnd)
        keyAt = keyStart
        valueAt = index
        number = Self.numberKeys.contains(key) && Self.isNumber(Array(value.utf8)) ? Double(value) : nil
        items = Self.listKeys.contains(key) ? Self.items(of: line, from: index, to: valueEnd) : nil
    }

    /// The items between `start` and `end`, split at commas, blanks, brackets and quotes; nil when there are fewer than two.
    private static func items(of line: MarkdownLine, from start: Int, to end: Int) -> [(text: String, at: Int)]? {
        func separates(_ byte: UInt8) -> Bool {
            // Brackets and quotes too: a list written as JSON's array, `["#ff0000", "#0000ff"]`, reads the same.
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
                || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\"")
        }
        var items: [(text: String, at: Int)] = []
        var index = start
        while index < end {
            while index < end, separates(line[index]) { index += 1 }
            let itemStart = index
            while index < end, !separates(line[index]) { index += 1 }
            if index > itemStart { items.append((line.text(from: itemStart, to: index), itemStart)) }
        }
        return items.count > 1 ? items : nil
    }

    /// JSON's number form: an optional minus, digits, an optional fraction and exponent.
    private static func isNumber(_ text: [UInt8]) -> Bool {
        var rest = text[...]
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        func digits() -> Int {
            let count = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            rest = rest.dropFirst(count)
            return count
        }
        guard digits() > 0 else { return false }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            guard digits() > 0 else { return false }
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }
}
