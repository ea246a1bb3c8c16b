/// Inline Markdown shown plainly (docs/DECK-FORMAT.md, "Markdown decks"): emphasis, strong, strikethrough and
/// code-span markers are taken out, a link `[text](url)` becomes its text, a backslash escape its character,
/// and `&amp;`, `&lt;`, `&gt;`, `&quot;` their characters; everything else stays as written.
///
/// Linear in the text: delimiter runs are matched with one stack per kind (character and run length), and code
/// spans and links look ahead only over text they then consume.
enum MarkdownInline {
    /// The text of one line or paragraph of inline Markdown, shown plainly.
    static func plain(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(scalars.count)
        var removed: [Bool] = []
        var runs: [Run] = []
        var openBrackets: [Int] = []
        var noClosingParenthesisFrom = Int.max
        let backtickRuns = BacktickRuns(scalars)
        var index = 0
        func emit(_ scalar: Unicode.Scalar) {
            out.append(scalar)
            removed.append(false)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\" where index + 1 < scalars.count && isASCIIPunctuation(scalars[index + 1]):
                emit(scalars[index + 1])
                index += 2
            case "`":
                let length = backtickRuns.length(at: index)
                if let close = backtickRuns.closing(after: index, length: length) {
                    var content = scalars[(index + length)..<close]
                    // One space on each side is padding (`` `a` `` shows a backtick).
                    if content.count >= 2, content.first == " ", content.last == " " {
                        content = content.dropFirst().dropLast()
                    }
                    content.forEach(emit)
                    index = close + length
                } else {
                    for _ in 0..<length { emit("`") }
                    index += length
                }
            case "*", "_", "~":
                var end = index
                while end < scalars.count && scalars[end] == scalar { end += 1 }
                let before: Unicode.Scalar? = index > 0 ? scalars[index - 1] : nil
                let after: Unicode.Scalar? = end < scalars.count ? scalars[end] : nil
                let leftFlanking = after.map { !isWhitespace($0) } ?? false
                let rightFlanking = before.map { !isWhitespace($0) } ?? false
                var canOpen = leftFlanking
                var canClose = rightFlanking
                if scalar == "_" {
                    canOpen = canOpen && !(before.map(isAlphanumeric) ?? false)
                    canClose = canClose && !(after.map(isAlphanumeric) ?? false)
                }
                if scalar == "~" && end - index != 2 { (canOpen, canClose) = (false, false) }
                runs.append(Run(start: out.count, length: end - index, character: scalar,
                                canOpen: canOpen, canClose: canClose))
                for _ in index..<end { emit(scalar) }
                index = end
            case "[":
                openBrackets.append(out.count)
                emit(scalar)
                index += 1
            case "]" where index + 1 < scalars.count && scalars[index + 1] == "(" && !openBrackets.isEmpty
                && index < noClosingParenthesisFrom:
                var close = index + 2
                while close < scalars.count && scalars[close] != ")" && !isWhitespace(scalars[close]) { close += 1 }
                // A title after the URL: `[text](url "title")`.
                if close < scalars.count, scalars[close] != ")" {
                    while close < scalars.count && scalars[close] != ")" { close += 1 }
                }
                guard close < scalars.count, let open = openBrackets.popLast() else {
                    // Nothing closes it: no later link can close either (each looks ahead once).
                    noClosingParenthesisFrom = index
                    emit(scalar)
                    index += 1
                    break
                }
                removed[open] = true
                index = close + 1
            case "&":
                if let (character, length) = entity(in: scalars, at: index) {
                    emit(character)
                    index += length
                } else {
                    emit(scalar)
                    index += 1
                }
            default:
                emit(scalar)
                index += 1
            }
        }
        matchDelimiters(runs, removing: &removed)
        var result = String.UnicodeScalarView()
        for (scalar, gone) in zip(out, removed) where !gone { result.append(scalar) }
        return String(result)
    }

    /// A run of `*`, `_` or `~` in the output, and whether it may open or close emphasis.
    private struct Run {
        var start: Int
        var length: Int
        var character: Unicode.Scalar
        var canOpen: Bool
        var canClose: Bool
    }

    /// Pairs openers and closers of the same character and length (one stack per kind) and marks both removed.
    private static func matchDelimiters(_ runs: [Run], removing removed: inout [Bool]) {
        var openers: [String: [Run]] = [:]
        for run in runs {
            let kind = String(run.character) + String(run.length)
            if run.canClose, let opener = openers[kind]?.popLast() {
                for offset in 0..<run.length {
                    removed[opener.start + offset] = true
                    removed[run.start + offset] = true
                }
            } else if run.canOpen {
                openers[kind, default: []].append(run)
            }
        }
    }

    private static let entities: [(name: [Unicode.Scalar], character: Unicode.Scalar)] = [
        (Array("&amp;".unicodeScalars), "&"), (Array("&lt;".unicodeScalars), "<"),
        (Array("&gt;".unicodeScalars), ">"), (Array("&quot;".unicodeScalars), "\""),
    ]

    private static func entity(in scalars: [Unicode.Scalar], at index: Int) -> (Unicode.Scalar, Int)? {
        for entry in entities where index + entry.name.count <= scalars.count
            && scalars[index..<(index + entry.name.count)].elementsEqual(entry.name) {
            return (entry.character, entry.name.count)
        }
        return nil
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(scalar)
    }
}
