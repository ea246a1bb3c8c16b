/// Inline Markdown shown plainly (docs/DECK-FORMAT.md, "Markdown decks"): emphasis, strong, strikethrough and
/// code-span markers are taken out, a link `[text](url)` becomes its text (its address is handed out), a
/// backslash escape its character,
/// and `&amp;`, `&lt;`, `&gt;`, `&quot;` their characters; everything else stays as written.
///
/// Works on the UTF-8 bytes (every marker is ASCII; a byte of a non-ASCII character counts as a letter), in one
/// pass: a delimiter run closes the last open run of its kind (character and length) or opens one, code spans
/// find their closing run from a table built once, and a link that finds no `)` stops later ones looking again.
/// Memory: three arrays of a byte per byte of text (SPEC 9's bound).
enum MarkdownInline {
    /// The text of one line or paragraph of inline Markdown, shown plainly.
    static func plain(_ text: String) -> String {
        var links: [String] = []
        return plain(text, links: &links)
    }

    /// The text shown plainly; each link's address (`<…>` and a title taken off) is appended to `links`.
    static func plain(_ text: String, links: inout [String]) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var removed: [Bool] = []
        removed.reserveCapacity(bytes.count)
        var openers: [Int: [Int]] = [:]
        var openBrackets: [Int] = []
        var noClosingParenthesisFrom = Int.max
        let backtickRuns = BacktickRuns(bytes)
        var index = 0
        func emit(_ byte: UInt8) {
            out.append(byte)
            removed.append(false)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\") where index + 1 < bytes.count && isASCIIPunctuation(bytes[index + 1]):
                emit(bytes[index + 1])
                index += 2
            case UInt8(ascii: "`"):
                let length = backtickRuns.length(at: index)
                if let close = backtickRuns.closing(after: index, length: length) {
                    var content = bytes[(index + length)..<close]
                    // One space on each side is padding (`` `a` `` shows a backtick).
                    if content.count >= 2, content.first == 0x20, content.last == 0x20 {
                        content = content.dropFirst().dropLast()
                    }
                    content.forEach(emit)
                    index = close + length
                } else {
                    for _ in 0..<length { emit(byte) }
                    index += length
                }
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                var end = index
                while end < bytes.count && bytes[end] == byte { end += 1 }
                let start = out.count
                for _ in index..<end { emit(byte) }
                let flags = flanking(bytes, run: index..<end)
                let kind = Int(byte) << 32 | (end - index)
                if flags.canClose, let opener = openers[kind]?.popLast() {
                    for offset in 0..<(end - index) {
                        removed[opener + offset] = true
                        removed[start + offset] = true
                    }
                } else if flags.canOpen {
                    openers[kind, default: []].append(start)
                }
                index = end
            case UInt8(ascii: "["):
                openBrackets.append(out.count)
                emit(byte)
                index += 1
            case UInt8(ascii: "]") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "(")
                && !openBrackets.isEmpty && index < noClosingParenthesisFrom:
                var close = index + 2
                while close < bytes.count && bytes[close] != UInt8(ascii: ")") { close += 1 }
                guard close < bytes.count, let open = openBrackets.popLast() else {
                    // Nothing closes it: no later link can close either.
                    noClosingParenthesisFrom = index
                    emit(byte)
                    index += 1
                    break
                }
                removed[open] = true
                links.append(destination(bytes[(index + 2)..<close]))
                index = close + 1
            case UInt8(ascii: "&"):
                if let (character, length) = entity(in: bytes, at: index) {
                    emit(character)
                    index += length
                } else {
                    emit(byte)
                    index += 1
                }
            default:
                emit(byte)
                index += 1
            }
        }
        var kept: [UInt8] = []
        kept.reserveCapacity(out.count)
        for index in out.indices where !removed[index] { kept.append(out[index]) }
        return String(decoding: kept, as: UTF8.self)
    }

    /// A link's address as written between its parentheses: `<address>`, or up to the first space (a title follows).
    private static func destination(_ bytes: ArraySlice<UInt8>) -> String {
        var part = bytes.drop { isWhitespace($0) }
        if part.first == UInt8(ascii: "<"), let end = part.firstIndex(of: UInt8(ascii: ">")) {
            part = part[(part.startIndex + 1)..<end]
        } else if let space = part.firstIndex(where: isWhitespace) {
            part = part[..<space]
        }
        return String(decoding: part, as: UTF8.self)
    }

    /// Whether a run of `*`, `_` or `~` may open or close emphasis (CommonMark's flanking rules; `_` not inside
    /// a word, `~` only as `~~`).
    private static func flanking(_ bytes: [UInt8], run: Range<Int>) -> (canOpen: Bool, canClose: Bool) {
        let character = bytes[run.lowerBound]
        let before: UInt8? = run.lowerBound > 0 ? bytes[run.lowerBound - 1] : nil
        let after: UInt8? = run.upperBound < bytes.count ? bytes[run.upperBound] : nil
        var canOpen = after.map { !isWhitespace($0) } ?? false
        var canClose = before.map { !isWhitespace($0) } ?? false
        if character == UInt8(ascii: "_") {
            canOpen = canOpen && !(before.map(isAlphanumeric) ?? false)
            canClose = canClose && !(after.map(isAlphanumeric) ?? false)
        }
        if character == UInt8(ascii: "~") && run.count != 2 { return (false, false) }
        return (canOpen, canClose)
    }

    private static let entities: [(name: [UInt8], character: UInt8)] = [
        (Array("&amp;".utf8), UInt8(ascii: "&")), (Array("&lt;".utf8), UInt8(ascii: "<")),
        (Array("&gt;".utf8), UInt8(ascii: ">")), (Array("&quot;".utf8), UInt8(ascii: "\"")),
    ]

    private static func entity(in bytes: [UInt8], at index: Int) -> (UInt8, Int)? {
        for entry in entities where index + entry.name.count <= bytes.count
            && bytes[index..<(index + entry.name.count)].elementsEqual(entry.name) {
            return (entry.character, entry.name.count)
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// ASCII letters and digits, and every byte of a non-ASCII character (taken as a letter).
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
