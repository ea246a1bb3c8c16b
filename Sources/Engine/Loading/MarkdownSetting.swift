/// A comment `<!-- key: value -->` that sets a key of the story (or, in the first block, of the deck): the key
/// is lower-case letters and dashes, the value a number when it is written as one and the key takes numbers
/// (`numberKeys`), else text.
/// A comment that is not of this form (`<!-- TODO: … -->`, a note) sets nothing.
struct MarkdownSetting {
    var key: String
    var value: String
    /// The value as a number, when it is written as one (`5`, `2.5`, `-1`, `1e3`); may be infinite (`1e400`).
    var number: Double?
    /// 0-based columns of the key and the value in the line.
    var keyAt: Int
    var valueAt: Int

    /// Reads a comment's body (what is between `<!--` and `-->`), which starts at column `offset` of its line.
    init?(_ body: [Unicode.Scalar], offset: Int) {
        var index = 0
        while index < body.count, body[index] == " " || body[index] == "\t" { index += 1 }
        let keyStart = index
        while index < body.count, ("a"..."z").contains(body[index]) || (body[index] == "-" && index > keyStart) {
            index += 1
        }
        guard index > keyStart, index < body.count, body[index] == ":" else { return nil }
        key = String(String.UnicodeScalarView(body[keyStart..<index]))
        index += 1
        while index < body.count, body[index] == " " || body[index] == "\t" { index += 1 }
        var end = body.count
        while end > index, body[end - 1] == " " || body[end - 1] == "\t" { end -= 1 }
        value = String(String.UnicodeScalarView(body[index..<end]))
        keyAt = offset + keyStart
        valueAt = offset + index
        number = Self.numberKeys.contains(key) && Self.isNumber(body[index..<end]) ? Double(value) : nil
    }

    /// The keys whose value may be a number (SPEC 2): for every other key, `<!-- id: 3 -->` is the text "3".
    static let numberKeys: Set<String> = ["duration", "leeway", "start"]

    /// JSON's number form: an optional minus, digits, an optional fraction and exponent.
    private static func isNumber(_ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var rest = text[...]
        if rest.first == "-" { rest = rest.dropFirst() }
        func digits() -> Int {
            let count = rest.prefix { ("0"..."9").contains($0) }.count
            rest = rest.dropFirst(count)
            return count
        }
        guard digits() > 0 else { return false }
        if rest.first == "." {
            rest = rest.dropFirst()
            guard digits() > 0 else { return false }
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }
}
