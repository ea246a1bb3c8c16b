/// The modules a Swift source file imports, read from its text: `import M`, `import struct M.T`,
/// attributed imports (`@testable`, `@preconcurrency`, `@_exported`, `@_implementationOnly`) and
/// modules a `#if canImport(M)` asks for (a conditional import is an import on some platform).
/// Comments and string literals on a line are not read.
enum SourceImports {
    /// The module names `source` imports, in order of appearance (repeats kept).
    static func modules(in source: String) -> [String] {
        var found: [String] = []
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = code(of: String(rawLine))
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
            if words.first == "import", words.count >= 2 {
                let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
                let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
                if let module = path.split(separator: ".").first { found.append(String(module)) }
            }
            var rest = Substring(line)
            while let range = rest.range(of: "canImport(") {
                let after = rest[range.upperBound...]
                let name = after.prefix(while: { $0.isLetter || $0.isNumber || $0 == "_" })
                if !name.isEmpty { found.append(String(name)) }
                rest = after
            }
        }
        return found
    }

    /// A line without its `//` comment and without the contents of its string literals.
    private static func code(of line: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        var previous: Character?
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "/", previous == "/" {
                out.removeLast()
                break
            } else {
                out.append(character)
            }
            previous = inString ? nil : character
        }
        return out
    }
}
