/// A picture `![alt](path)` in a line of a Markdown deck (also `![alt](<path with spaces>)` and
/// `![alt](path "title")`, whose title is not shown).
struct MarkdownPicture {
    var alt: String
    var path: String
    /// Byte offsets in the line: where `![` starts, where it ends (after `)`), and where the alt text and the
    /// path start.
    var start: Int
    var end: Int
    var altAt: Int
    var pathAt: Int

    /// The first picture at or after `from`, or nil. Looks ahead only to the end of the line, and each byte
    /// only once: a `![` that is not a picture lets the search go on from where it failed.
    static func find(in line: MarkdownLine, from: Int) -> MarkdownPicture? {
        var index = from
        while index + 1 < line.count {
            defer { index += 1 }
            guard line[index] == UInt8(ascii: "!"), line[index + 1] == UInt8(ascii: "["),
                  index == 0 || line[index - 1] != UInt8(ascii: "\\") else { continue }
            switch parse(line, at: index) {
            case .found(let picture): return picture
            // Any `![` before where this one failed would fail there too: go on from that point.
            case .notHere(let resume): index = max(index, resume - 1)
            // No `]` or `)` to the end of the line: no later `![` can be a picture either.
            case .noneFurther: return nil
            }
        }
        return nil
    }

    private enum Outcome {
        case found(MarkdownPicture)
        case notHere(resumeAt: Int)
        case noneFurther
    }

    private static func parse(_ line: MarkdownLine, at start: Int) -> Outcome {
        let altAt = start + 2
        var index = altAt
        while index < line.count, line[index] != UInt8(ascii: "]") { index += 1 }
        guard index + 1 < line.count else { return .noneFurther }
        guard line[index + 1] == UInt8(ascii: "(") else { return .notHere(resumeAt: index + 1) }
        let altEnd = index
        index += 2
        while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
        let pathAt: Int
        let pathEnd: Int
        if index < line.count, line[index] == UInt8(ascii: "<") {
            pathAt = index + 1
            guard let close = line.offset(of: ">", from: pathAt) else { return .noneFurther }
            pathEnd = close
            index = close + 1
        } else {
            pathAt = index
            while index < line.count, line[index] != UInt8(ascii: ")"), line[index] != UInt8(ascii: " ") { index += 1 }
            pathEnd = index
        }
        // An optional title, then `)`.
        while index < line.count, line[index] != UInt8(ascii: ")") { index += 1 }
        guard index < line.count else { return .noneFurther }
        guard pathEnd > pathAt else { return .notHere(resumeAt: index + 1) }
        return .found(MarkdownPicture(alt: line.text(from: altAt, to: altEnd), path: line.text(from: pathAt, to: pathEnd),
                                      start: start, end: index + 1, altAt: altAt, pathAt: pathAt))
    }
}
