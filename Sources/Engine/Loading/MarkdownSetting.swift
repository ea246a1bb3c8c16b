/// A comment `<!-- key: value -->` that sets a key of the story (or, in the first block, of the deck): the key
/// is lower-case letters and dashes, the value a number when it is written as one and the key takes numbers
/// (`numberKeys`), else text. A comment that is not of this form (`<!-- TODO: … -->`, a note) sets nothing.
struct MarkdownSetting {
    var key: String
    var value: String
    /// The value as a number, when it is written as one (`5`, `2.5`, `-1`, `1e3`); may be infinite (`1e400`).
    var number: Double?
    /// Byte offsets of the key and the value in the line.
    var keyAt: Int
    var valueAt: Int

    /// The keys whose value may be a number (SPEC 2): for every other key, `<!-- id: 3 -->` is the text "3".
    static let numberKeys: Set<String> = ["duration", "leeway", "start"]

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
