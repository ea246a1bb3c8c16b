import Testing
@testable import Engine

/// Generated and mutated decks, from a fixed seed: the loader never crashes, and whatever it says is safe to print.
@Suite("Deck loader fuzzing")
struct DeckLoaderFuzzTests {
    private static let keys = DeckValidator.deckKeys + DeckValidator.storyKeys + ["captoin", "x", "", "\u{1B}[2J"]
    private static let nasty: [String] = [
        "\u{1B}]0;owned\u{07}", "\u{1B}[6n", "\u{9B}31m", "\u{202E}evil", "\u{2066}iso", "\u{0}", "\r\n", "\t",
        "👩‍👩‍👧", "e\u{301}", "日本", "\u{FEFF}", "\u{7F}", "\u{85}", "\\u0000", "\\ud800", "\\u001b",
    ]

    private struct Generator {
        var random: SplitMix64

        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }

        mutating func string() -> String {
            var text = ""
            for _ in 0..<Int(random.next() % 6) {
                if chance(30) {
                    text += pick(nasty)
                } else if chance(20) {
                    // Any scalar, escaped for JSON when it is a control or a quote.
                    let value = UInt32(random.next() % 0x3_0000)
                    if let scalar = Unicode.Scalar(value) {
                        if value < 0x20 || value == 0x22 || value == 0x5C {
                            text += "\\u" + String(repeating: "0", count: 4 - String(value, radix: 16).count)
                                + String(value, radix: 16)
                        } else {
                            text.unicodeScalars.append(scalar)
                        }
                    }
                } else {
                    text += pick(["a", "story", " ", "Title", "1", "2", "loop", "dark", "once", "light"])
                }
            }
            return "\"" + text.replacingQuotes() + "\""
        }

        mutating func number() -> String {
            pick(["0", "-1", "5", "86400", "86401", "3600", "0.5", "1e400", "-1e400", "1e-400", "2", "1.5",
                  "123456789012345678901234567890", "-0", "3e2"])
        }

        mutating func value(depth: Int) -> String {
            switch random.next() % (depth > 6 ? 4 : 7) {
            case 0: return string()
            case 1: return number()
            case 2: return pick(["true", "false", "null"])
            case 3: return pick(["[]", "{}"])
            case 4: return "[" + (0..<Int(random.next() % 4)).map { _ in value(depth: depth + 1) }.joined(separator: ",") + "]"
            default: return object(depth: depth + 1, keys: DeckLoaderFuzzTests.keys)
            }
        }

        mutating func object(depth: Int, keys: [String]) -> String {
            let members = (0..<Int(random.next() % 5)).map { _ in
                "\"\(pick(keys))\": " + (chance(70) ? plausibleValue(depth: depth) : value(depth: depth))
            }
            return "{" + members.joined(separator: ", ") + "}"
        }

        mutating func plausibleValue(depth: Int) -> String {
            chance(50) ? string() : number()
        }

        mutating func story() -> String {
            if chance(60) { return goodStory() }
            return chance(85) ? object(depth: 2, keys: DeckValidator.storyKeys + ["captoin"]) : value(depth: 2)
        }

        /// A story that is valid unless its random text sanitises to nothing.
        mutating func goodStory() -> String {
            var members = ["\"title\": \"t\" \(chance(50) ? "" : ", \"caption\": " + string())"]
            if chance(30) { members.append("\"art\": " + string()) }
            if chance(30) { members.append("\"duration\": " + pick(["1", "2.5", "86400"])) }
            if chance(20) { members.append("\"theme\": " + pick(["\"dark\"", "\"light\""])) }
            members.shuffle(using: &random)
            return "{" + members.joined(separator: ", ") + "}"
        }

        mutating func deck() -> String {
            let stories = "[" + (0..<Int(random.next() % 5)).map { _ in story() }.joined(separator: ", ") + "]"
            switch random.next() % 5 {
            case 0, 4: return stories
            case 1:
                let groups = (0..<Int(random.next() % 3)).map { _ in "{\"title\": \(string()), \"stories\": \(stories)}" }
                return "{\"groups\": [" + groups.joined(separator: ",") + "], \"start\": \(plausibleValue(depth: 1))}"
            case 2: return "{\"stories\": \(stories), " + object(depth: 1, keys: DeckValidator.deckKeys).dropFirst()
            default: return value(depth: 0)
            }
        }

        mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
            var bytes = bytes
            for _ in 0..<Int(1 + random.next() % 3) {
                guard !bytes.isEmpty else { break }
                let index = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 6 {
                case 0: bytes = Array(bytes[..<index])                                   // truncate
                case 1: bytes[index] ^= UInt8(1 << (random.next() % 8))                   // flip a bit
                case 2: bytes[index] = UInt8(truncatingIfNeeded: random.next())           // replace a byte
                case 3: bytes.insert(contentsOf: Array(pick(["[", "{", "\"", ",", ":", "\u{1B}", "\u{0}"]).utf8), at: index)
                case 4: bytes.insert(contentsOf: Array(String(repeating: "[", count: Int(random.next() % 100)).utf8), at: index)
                default: bytes.remove(at: index)
                }
            }
            return bytes
        }
    }

    @Test func generatedAndMutatedDecksNeverCrashAndPrintSafely() {
        var generator = Generator(random: SplitMix64(seed: 0x5707_1E5))
        var valid = 0
        var invalid = 0
        for round in 0..<20_000 {
            var bytes = Array(generator.deck().utf8)
            if round % 3 != 0 { bytes = generator.mutate(bytes) }
            if generator.chance(3) { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            let result = DeckLoader.decode(bytes, baseDirectory: nil)
            // A mutation may make the file look like another kind (NUL bytes and no `{` or `[` first): then the
            // loader names the kind instead of parsing (FileSignature.wrongKind).
            if FileSignature.wrongKind(of: bytes, markdownIsExpected: false) == nil {
                #expect(result == wholeTreeResult(bytes), "validating while parsing = validating the whole tree")
            }
            switch result {
            case .success(let deck):
                valid += 1
                #expect(!deck.stories.isEmpty)
                for story in deck.stories {
                    for text in [story.id, story.title, story.image, story.alt].compactMap({ $0 }) {
                        #expect(isSafe(text, allowingLineBreaks: false), "\(text.debugDescription)")
                    }
                    for text in [story.caption, story.art].compactMap({ $0 }) {
                        #expect(isSafe(text, allowingLineBreaks: true), "\(text.debugDescription)")
                    }
                }
            case .failure(.invalid(let problems, _)):
                invalid += 1
                #expect(!problems.isEmpty)
                for problem in problems {
                    for language in Language.allCases {
                        let message = problem.message(in: language)
                        #expect(isSafe(message, allowingLineBreaks: false), "\(message.debugDescription)")
                    }
                }
                let lines = problems.compactMap(\.line)
                #expect(lines == lines.sorted(), "problems are in file order")
            case .failure(let other):
                Issue.record("unexpected \(other)")
            }
        }
        // The generator must exercise both outcomes to mean anything.
        #expect(valid > 400)
        #expect(invalid > 6_000)
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<2_000 {
            let bytes = (0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if case .failure(.invalid(let problems, _)) = DeckLoader.decode(bytes, baseDirectory: nil) {
                #expect(!problems.isEmpty)
                #expect(problems.allSatisfy { isSafe($0.message(in: .english), allowingLineBreaks: false) })
            }
        }
    }

    /// The deck or problems from parsing a whole tree first and validating it afterwards.
    private func wholeTreeResult(_ bytes: [UInt8]) -> Result<Deck, DeckLoadError> {
        let parsed = JSONParser.parse(bytes)
        guard let root = parsed.value else { return .failure(DeckValidator.invalid(parsed.collector)) }
        return DeckValidator.validate(root, baseDirectory: nil, parserProblems: parsed.collector)
    }

    /// No control characters (ESC among them), C1 controls or bidirectional controls.
    private func isSafe(_ text: String, allowingLineBreaks: Bool) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            (allowingLineBreaks && scalar == "\n") || !TextSanitizer.isRemoved(scalar.value)
        }
    }
}

private extension String {
    /// Escapes bare quotes and backslashes that are not part of an intended escape (`\\u…`).
    func replacingQuotes() -> String {
        var result = ""
        var previous: Character?
        for character in self {
            if character == "\"" && previous != "\\" { result += "\\\"" } else { result.append(character) }
            previous = character
        }
        return result
    }
}
