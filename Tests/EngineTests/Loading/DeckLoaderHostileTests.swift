import Foundation
import Testing
@testable import Engine

/// Structured hostile decks (issue 6): wrong types at every key, and mutations that the byte-level fuzzer in
/// `DeckLoaderFuzzTests` rarely produces (10 000 levels of nesting, duplicate keys, UTF-16, NaN text, huge numbers,
/// byte order marks, invalid UTF-8 inside strings). Plus the seed corpus of the libFuzzer target (`Fuzz/corpus`).
@Suite("Deck loader: hostile decks")
struct DeckLoaderHostileTests {
    /// A deck that uses every key of the deck and of a story, as ordered (key, raw JSON) pairs.
    static let deckMembers: [(String, String)] = [
        ("title", #""Deck""#), ("duration", "5"), ("strategy", #""loop""#), ("leeway", "0"), ("start", #""a""#),
        ("theme", #""dark""#),
    ]
    static let storyMembers: [(String, String)] = [
        ("id", #""a""#), ("title", #""A""#), ("caption", #""c""#), ("duration", "2"), ("art", #""x""#),
        ("image", #""i.png""#), ("alt", #""al""#), ("theme", #""light""#),
    ]

    static func object(_ members: [(String, String)]) -> String {
        "{" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    static func deck(deck: [(String, String)] = deckMembers, story: [(String, String)] = storyMembers,
                     stories: String? = nil) -> String {
        object(deck + [("stories", stories ?? "[\(object(story)), {\"title\": \"B\"}]")])
    }

    /// Values of the wrong type for a key, by the type the key expects.
    static func wrongValues(for key: String) -> [String] {
        switch key {
        case "duration", "leeway": return [#""5""#, #""NaN""#, "true", "null", "[]", "{}", "1e400", "-1e400", "NaN"]
        case "strategy": return [#""sometimes""#, "1", "null", "[]"]
        case "theme": return [#""blue""#, "0", "false", "{}"]
        case "start": return ["true", "null", "[]", "{}", "0", "1.5", "1e400", #""nosuch""#]
        case "stories": return ["{}", #""x""#, "1", "null", "[]", "[1]", #"[""]"#]
        default: return ["1", "true", "null", "[]", "{}", "1e400"]
        }
    }

    @Test func baseDeckIsValid() throws {
        let loaded = try DeckLoader.decode(Array(Self.deck().utf8), baseDirectory: nil).get()
        #expect(loaded.stories.count == 2)
    }

    @Test func wrongTypeAtEveryKeyIsAProblemAtThatPath() {
        var cases = 0
        for (index, member) in Self.deckMembers.enumerated() {
            for wrong in Self.wrongValues(for: member.0) {
                var members = Self.deckMembers
                members[index].1 = wrong
                expectInvalid(Self.deck(deck: members), at: member.0)
                cases += 1
            }
        }
        for (index, member) in Self.storyMembers.enumerated() {
            for wrong in Self.wrongValues(for: member.0) {
                var members = Self.storyMembers
                members[index].1 = wrong
                expectInvalid(Self.deck(story: members), at: "stories[0].\(member.0)")
                cases += 1
            }
        }
        for wrong in Self.wrongValues(for: "stories") {
            expectInvalid(Self.deck(stories: wrong), at: "stories")
            cases += 1
        }
        #expect(cases > 80)
    }

    private func expectInvalid(_ json: String, at path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard case .failure(.invalid(let problems, _)) = DeckLoader.decode(Array(json.utf8), baseDirectory: nil) else {
            Issue.record("accepted: \(json)", sourceLocation: sourceLocation)
            return
        }
        #expect(problems.contains { $0.path == path || $0.path.hasPrefix(path + "[") },
                "\(json) → \(problems.map { $0.message(in: .english) })", sourceLocation: sourceLocation)
        for problem in problems {
            #expect(isSafe(problem.message(in: .english)) && isSafe(problem.message(in: .spanish)),
                    sourceLocation: sourceLocation)
        }
    }

    /// One structured mutation of a valid deck's bytes, and whether it must make the deck invalid.
    enum Mutation: CaseIterable {
        case deepNesting, deepNestingUnclosed, duplicateKey, utf16LittleEndian, utf16BigEndian, utf16WithoutMark,
             nanNumber, infinityNumber, hugeNumber, longDigits, byteOrderMark, doubleByteOrderMark, invalidUTF8,
             truncated, nulByte
    }

    static func apply(_ mutation: Mutation, to json: String, random: inout SplitMix64) -> (bytes: [UInt8], breaks: Bool) {
        let bytes = Array(json.utf8)
        func utf16(bigEndian: Bool, mark: Bool) -> [UInt8] {
            let units = (mark ? [0xFEFF] : []) + Array(json.utf16)
            return units.flatMap { unit -> [UInt8] in
                let high = UInt8(unit >> 8), low = UInt8(unit & 0xFF)
                return bigEndian ? [high, low] : [low, high]
            }
        }
        /// Byte offsets just inside string literals (after an opening quote) and of number literals.
        func positions(of predicate: (UInt8) -> Bool) -> [Int] { bytes.indices.filter { predicate(bytes[$0]) } }
        switch mutation {
        case .deepNesting:
            let depth = 10_000
            return (Array((String(repeating: "[", count: depth) + json + String(repeating: "]", count: depth)).utf8), true)
        case .deepNestingUnclosed:
            let at = Int(random.next() % UInt64(bytes.count))
            return (Array(bytes[..<at]) + Array(String(repeating: "{\"a\":[", count: 5_000).utf8) + Array(bytes[at...]), true)
        case .duplicateKey:
            // Repeat the first member of the outermost object (or of the first story) right after the brace.
            guard let brace = bytes.firstIndex(of: UInt8(ascii: "{")),
                  let end = bytes[brace...].firstIndex(of: UInt8(ascii: ",")) else { return (bytes, false) }
            let member = Array(bytes[(brace + 1)..<end])
            return (Array(bytes[...brace]) + member + [UInt8(ascii: ",")] + Array(bytes[(brace + 1)...]), true)
        case .utf16LittleEndian: return (utf16(bigEndian: false, mark: true), true)
        case .utf16BigEndian: return (utf16(bigEndian: true, mark: true), true)
        case .utf16WithoutMark: return (utf16(bigEndian: false, mark: false), true)
        case .nanNumber, .infinityNumber, .hugeNumber, .longDigits:
            let digits = positions { $0 == UInt8(ascii: "5") || $0 == UInt8(ascii: "2") || $0 == UInt8(ascii: "0") }
                .filter { index in index > 0 && (bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: ":")) }
            guard !digits.isEmpty else { return (bytes, false) }
            let at = digits[Int(random.next() % UInt64(digits.count))]
            let replacement: String
            switch mutation {
            case .nanNumber: replacement = "NaN"
            case .infinityNumber: replacement = random.next() % 2 == 0 ? "Infinity" : "-Infinity"
            case .hugeNumber: replacement = random.next() % 2 == 0 ? "1e400" : "-1.7976931348623159e308"
            default: replacement = "1" + String(repeating: "9", count: 400)
            }
            return (Array(bytes[..<at]) + Array(replacement.utf8) + Array(bytes[(at + 1)...]), true)
        case .byteOrderMark: return ([0xEF, 0xBB, 0xBF] + bytes, false)
        case .doubleByteOrderMark: return ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + bytes, true)
        case .invalidUTF8:
            let quotes = positions { $0 == UInt8(ascii: "\"") }
            let at = quotes[Int(random.next() % UInt64(quotes.count))] + 1
            let bad: [[UInt8]] = [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]]
            return (Array(bytes[..<at]) + bad[Int(random.next() % UInt64(bad.count))] + Array(bytes[at...]), true)
        case .truncated:
            return (Array(bytes[..<Int(random.next() % UInt64(bytes.count))]), true)
        case .nulByte:
            let at = Int(random.next() % UInt64(bytes.count))
            return (Array(bytes[..<at]) + [0] + Array(bytes[at...]), true)
        }
    }

    @Test func structuredMutationsAreInvalidQuicklyAndPrintSafely() throws {
        var random = SplitMix64(seed: 0x6_4057_11E)
        let bases = [Self.deck(), #"[{"title": "one"}, {"caption": "two", "duration": 2}]"#,
                     #"{"groups": [{"title": "G", "stories": [{"title": "x", "duration": 5}]}], "leeway": 0}"#]
        let clock = CPUClock.duration
        var slowest = Duration.zero
        var counts: [String: Int] = [:]
        for round in 0..<3_000 {
            let mutation = Mutation.allCases[round % Mutation.allCases.count]
            let base = bases[Int(random.next() % UInt64(bases.count))]
            let (bytes, breaks) = Self.apply(mutation, to: base, random: &random)
            var result: Result<Deck, DeckLoadError>!
            let elapsed = clock.measure { result = DeckLoader.decode(bytes, baseDirectory: nil) }
            slowest = max(slowest, elapsed)
            switch result! {
            case .success:
                #expect(!breaks, "\(mutation) was accepted: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
                counts["valid", default: 0] += 1
            case .failure(.invalid(let problems, _)):
                #expect(!problems.isEmpty)
                for problem in problems {
                    for language in Language.allCases {
                        #expect(isSafe(problem.message(in: language)), "\(problem.message(in: language).debugDescription)")
                    }
                }
                counts["\(mutation)", default: 0] += 1
            case .failure(let other):
                Issue.record("\(mutation): unexpected \(other)")
            }
        }
        // Every breaking mutation must actually have been exercised and refused.
        for mutation in Mutation.allCases where mutation != .byteOrderMark {
            #expect((counts["\(mutation)"] ?? 0) > 50, "\(mutation) ran \(counts["\(mutation)"] ?? 0) times")
        }
        #expect((counts["valid"] ?? 0) >= 150, "a byte order mark alone keeps a deck valid")
        #expect(slowest < .seconds(1), "slowest decode took \(slowest)")
    }

    /// The libFuzzer seed corpus: each file loads (or is refused) without crashing, with safe text; the
    /// `valid-*` ones are valid and every other one is refused.
    @Test func seedCorpus() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Fuzz/corpus").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(names.count >= 30)
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            switch DeckLoader.decode(bytes, baseDirectory: nil) {
            case .success(let deck):
                #expect(name.hasPrefix("valid-") || name.hasPrefix("hostile-") || name == "bom.json", "\(name) was accepted")
                for story in deck.stories {
                    for text in [story.id, story.title, story.alt, story.image].compactMap({ $0 }) { #expect(isSafe(text)) }
                    for text in [story.caption, story.art].compactMap({ $0 }) {
                        #expect(isSafe(text.replacingOccurrences(of: "\n", with: " ")))
                    }
                }
            case .failure(.invalid(let problems, _)):
                #expect(!name.hasPrefix("valid-"), "\(name): \(problems.map { $0.message(in: .english) })")
                #expect(problems.allSatisfy { isSafe($0.message(in: .english)) && isSafe($0.message(in: .spanish)) })
            case .failure(let other):
                Issue.record("\(name): unexpected \(other)")
            }
        }
    }

    private func isSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { !TextSanitizer.isRemoved($0.value) }
    }
}
