/// One line of a Markdown deck: its UTF-8 bytes in the file (no copy), and what the block-level reader asks of
/// it. Every marker is ASCII, so the questions are asked of bytes; a column (Unicode scalars, as for JSON
/// decks) is counted only where a position is needed.
struct MarkdownLine {
    /// The line's bytes, without its line end.
    let bytes: ArraySlice<UInt8>
    /// 1-based.
    let number: Int

    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")

    /// The byte at `offset` from the line's start.
    subscript(offset: Int) -> UInt8 { bytes[bytes.startIndex + offset] }

    /// The line's length in bytes.
    var count: Int { bytes.count }

    /// The 1-based column of the byte at `offset`: one more than the scalars before it.
    func column(at offset: Int) -> Int {
        1 + bytes.prefix(offset).reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// The text from `offset` to `end` (bytes from the line's start).
    func text(from offset: Int, to end: Int? = nil) -> String {
        let start = bytes.startIndex + offset
        return String(decoding: bytes[start..<(bytes.startIndex + (end ?? count))], as: UTF8.self)
    }

    /// Spaces before the first other character.
    var indent: Int { bytes.prefix { $0 == Self.space }.count }

    /// Nothing but spaces and tabs.
    var isBlank: Bool { bytes.allSatisfy { $0 == Self.space || $0 == Self.tab } }

    /// The line holds only `---` (trailing spaces and tabs allowed): the end of a story.
    var isStorySeparator: Bool {
        guard count >= 3, bytes.prefix(3).allSatisfy({ $0 == UInt8(ascii: "-") }) else { return false }
        return bytes.dropFirst(3).allSatisfy { $0 == Self.space || $0 == Self.tab }
    }

    /// An opening code fence: at most 3 spaces, then 3 or more backticks or tildes (a backtick fence's info
    /// string has no backtick). Returns the fence character, its length and its offset.
    var openingFence: (character: UInt8, length: Int, at: Int)? {
        let start = indent
        guard start <= 3, start < count, self[start] == UInt8(ascii: "`") || self[start] == UInt8(ascii: "~")
        else { return nil }
        let character = self[start]
        let length = bytes.dropFirst(start).prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        if character == UInt8(ascii: "`"), bytes.dropFirst(start + length).contains(character) { return nil }
        return (character, length, start)
    }

    /// Whether this line closes a fence of `length` `character`s.
    func closesFence(_ character: UInt8, length: Int) -> Bool {
        let start = indent
        guard start <= 3 else { return false }
        let run = bytes.dropFirst(start).prefix { $0 == character }.count
        return run >= length && bytes.dropFirst(start + run).allSatisfy { $0 == Self.space || $0 == Self.tab }
    }

    /// An ATX heading (`#` to `######`, then a space or the end): the offsets of its text, without closing
    /// `#`s and surrounding spaces.
    var heading: Range<Int>? {
        let start = indent
        guard start <= 3 else { return nil }
        let level = bytes.dropFirst(start).prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(level) else { return nil }
        let afterMarks = start + level
        guard afterMarks == count || self[afterMarks] == Self.space || self[afterMarks] == Self.tab else { return nil }
        var low = afterMarks
        while low < count, self[low] == Self.space || self[low] == Self.tab { low += 1 }
        var high = count
        while high > low, self[high - 1] == Self.space || self[high - 1] == Self.tab { high -= 1 }
        // Closing marks: a run of `#` preceded by a space (or the whole text).
        var marks = high
        while marks > low, self[marks - 1] == UInt8(ascii: "#") { marks -= 1 }
        if marks < high, marks == low || self[marks - 1] == Self.space || self[marks - 1] == Self.tab {
            high = marks
            while high > low, self[high - 1] == Self.space || self[high - 1] == Self.tab { high -= 1 }
        }
        return low..<high
    }

    /// A list item marker (`-`, `*`, `+`, or a number and `.` or `)`, then a space): the item starts a line.
    var startsListItem: Bool {
        let rest = bytes.drop { $0 == Self.space }
        guard let first = rest.first else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return rest.dropFirst().first == Self.space
        }
        let digits = rest.prefix { $0 >= 0x30 && $0 <= 0x39 }
        guard !digits.isEmpty, digits.count <= 9 else { return false }
        let after = rest.dropFirst(digits.count)
        return (after.first == UInt8(ascii: ".") || after.first == UInt8(ascii: ")"))
            && after.dropFirst().first == Self.space
    }

    /// Two or more trailing spaces, or a trailing backslash: a hard line break.
    var endsWithHardBreak: Bool {
        bytes.last == UInt8(ascii: "\\") || (count >= 2 && bytes.suffix(2).allSatisfy { $0 == Self.space })
    }

    /// The offset where `needle` first occurs at or after `from`, or nil.
    func offset(of needle: String, from: Int) -> Int? {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, from >= 0 else { return nil }
        var index = from
        while index + pattern.count <= count {
            if self[index] == first,
               bytes[(bytes.startIndex + index)..<(bytes.startIndex + index + pattern.count)].elementsEqual(pattern) {
                return index
            }
            index += 1
        }
        return nil
    }
}
