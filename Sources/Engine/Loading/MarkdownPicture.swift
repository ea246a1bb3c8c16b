/// A picture `![alt](path)` in a line of a Markdown deck (also `![alt](<path with spaces>)` and
/// `![alt](path "title")`, whose title is not shown).
struct MarkdownPicture {
    var alt: String
    var path: String
    /// 0-based: where `![` starts, where it ends (after `)`), and where the alt text and the path start.
    var start: Int
    var end: Int
    var altAt: Int
    var pathAt: Int

    /// The first picture at or after `from`, or nil. Looks ahead only to the end of the line.
    static func find(in scalars: [Unicode.Scalar], from: Int) -> MarkdownPicture? {
        var index = from
        while index + 1 < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "!", scalars[index + 1] == "[",
                  index == 0 || scalars[index - 1] != "\\" else { continue }
            switch parse(scalars, at: index) {
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

    private static func parse(_ scalars: [Unicode.Scalar], at start: Int) -> Outcome {
        let altAt = start + 2
        var index = altAt
        while index < scalars.count, scalars[index] != "]" { index += 1 }
        guard index + 1 < scalars.count else { return .noneFurther }
        guard scalars[index + 1] == "(" else { return .notHere(resumeAt: index + 1) }
        let alt = String(String.UnicodeScalarView(scalars[altAt..<index]))
        index += 2
        while index < scalars.count, scalars[index] == " " { index += 1 }
        let pathAt: Int
        let pathEnd: Int
        if index < scalars.count, scalars[index] == "<" {
            pathAt = index + 1
            guard let close = scalars.indexOf(">", from: pathAt) else { return .noneFurther }
            pathEnd = close
            index = close + 1
        } else {
            pathAt = index
            while index < scalars.count, scalars[index] != ")", scalars[index] != " " { index += 1 }
            pathEnd = index
        }
        // An optional title, then `)`.
        while index < scalars.count, scalars[index] != ")" { index += 1 }
        guard index < scalars.count else { return .noneFurther }
        guard pathEnd > pathAt else { return .notHere(resumeAt: index + 1) }
        let path = String(String.UnicodeScalarView(scalars[pathAt..<pathEnd]))
        return .found(MarkdownPicture(alt: alt, path: path, start: start, end: index + 1, altAt: altAt, pathAt: pathAt))
    }
}
