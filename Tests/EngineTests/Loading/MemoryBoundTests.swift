import Foundation
import Testing
@testable import Engine

/// Memory is bounded by the deck (SPEC 9, issue 14 item 5): peak memory for any deck stays under
/// 16 MiB + 8 × its size. On the old loader a 3 MB deck of `{}` stories peaked at 705 MB, 600k lone
/// surrogates at 508 MB, and 1M valid stories at 256 MB.
@Suite("Memory bounded by the deck")
struct MemoryBoundTests {
    /// The SPEC 9 bound for a deck of `size` bytes.
    static func bound(_ size: Int) -> Int { 16 * 1024 * 1024 + 8 * size }

    /// The decks measured: 1 MB of `{}` stories, 600k lone surrogates (3.6 MB), 250k valid stories (3.5 MB).
    enum Shape: String, CaseIterable {
        case emptyStories, loneSurrogates, validStories
        /// Markdown decks: one long paragraph of emphasis (2 MB), and 150k small stories (2.4 MB).
        case markdownParagraph, markdownStories

        var deck: String {
            switch self {
            case .emptyStories: "[" + Array(repeating: "{}", count: 333_333).joined(separator: ",") + "]"
            case .loneSurrogates: "[{\"title\": \"" + String(repeating: #"\ud800"#, count: 600_000) + "\"}]"
            case .validStories: "[" + Array(repeating: #"{"title":"a"}"#, count: 250_000).joined(separator: ",") + "]"
            case .markdownParagraph: "# T\n" + String(repeating: "word *em* ", count: 200_000)
            case .markdownStories: String(repeating: "# s\ncaption\n---\n", count: 150_000)
            }
        }

        /// The deck file's extension, which says how it is read.
        var fileExtension: String { self == .markdownParagraph || self == .markdownStories ? "md" : "json" }

        /// What `--check` exits with.
        var status: Int32 { [.validStories, .markdownParagraph, .markdownStories].contains(self) ? 0 : 65 }
    }

    // MARK: In the loader

    @Test func problemsAreCappedAndCounted() throws {
        guard case .failure(.invalid(let problems, let omitted)) = decode(Shape.emptyStories.deck) else {
            Issue.record("a deck of {} stories was accepted")
            return
        }
        #expect(problems.count == DeckLimits.maximumReportedProblems)
        #expect(omitted == 333_333 - DeckLimits.maximumReportedProblems)
        // The first ones in file order.
        #expect(problems.first?.path == "[0]" && problems.last?.path == "[99]")
        #expect(problems.map(\.column) == (0..<100).map { Optional(2 + 3 * $0) })
    }

    @Test func loneSurrogatesAreCappedToo() {
        guard case .failure(.invalid(let problems, let omitted)) = decode(Shape.loneSurrogates.deck) else {
            Issue.record("lone surrogates were accepted")
            return
        }
        #expect(problems.count == DeckLimits.maximumReportedProblems)
        #expect(omitted == 600_000 - DeckLimits.maximumReportedProblems)
        #expect(problems.allSatisfy { $0.kind == .loneSurrogate(0xD800) })
    }

    @Test func cappedProblemsAreTheFirstInFileOrderWhateverOrderTheyAreFound() {
        var collector = ProblemCollector(limit: 3)
        for line in [9, 2, 7, 1, 8, 3, 6, 5, 4, 2] {
            collector.add(DeckProblem(path: "x", line: line, column: 1, kind: .emptyID))
        }
        #expect(collector.problems.map(\.line) == [1, 2, 2])
        #expect(collector.omitted == 7)
        // Once trimmed, anything at or after the cut-off (line 3 here) is only counted.
        #expect(!collector.accepts(line: 3, column: 1) && !collector.accepts(line: 4, column: 1))
        #expect(collector.accepts(line: 1, column: 5))
    }

    @Test func storiesAreStoredCompactly() throws {
        let deck = try decode(Shape.validStories.deck).get()
        #expect(deck.stories.count == 250_000)
        // 3 bytes of record and 8 of start a story, with room to grow: far from the 14 bytes the deck spends.
        #expect(deck.stories.storageBytes <= 14 * 250_000, "\(deck.stories.storageBytes) bytes")
        #expect(deck.stories[249_999] == Story(id: "250000", title: "a"))
    }

    @Test func storyListRoundTripsEveryField() {
        let stories = [
            Story(id: "1"),
            Story(id: "x", title: "T", caption: "a\nb", duration: 2.5, art: "/\\", image: "p.png", imagePath: "d/p.png",
                  fit: .cover, alt: "A", theme: .light, background: .named(12), accent: .rgb(red: 1, green: 2, blue: 255)),
            Story(id: "3", image: "/abs.png", imagePath: "/abs.png", theme: .dark),
            Story(id: "4", image: "q.png", imagePath: "elsewhere/q.png", background: .rgb(red: 0, green: 0, blue: 0)),
            Story(id: "", title: String(repeating: "é", count: 300)),
        ]
        let list = StoryList(stories, imageFolder: "d")
        #expect(Array(list) == stories)
        #expect(list.firstIndex(ofID: "x") == 1 && list.firstIndex(ofID: "3") == 2 && list.firstIndex(ofID: "") == 4)
        #expect(list.firstIndex(ofID: "2") == nil && list.firstIndex(ofID: "01") == nil)
        #expect(list.duration(at: 1) == 2.5 && list.duration(at: 0) == nil)
    }

    // MARK: The whole program

    @Test(arguments: Shape.allCases)
    func peakMemoryOfCheck(shape: Shape) throws {
        let binary = try #require(ChildProcess.storiesTUI, Comment(rawValue: ChildProcess.missingMessage))
        let deck = shape.deck
        let path = NSTemporaryDirectory() + "stories-tui-memory-\(UUID().uuidString).\(shape.fileExtension)"
        try Data(deck.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try #require(ChildProcess.run([binary, "--check", path]), "\(ChildProcess.timeCommand) failed")
        #expect(outcome.status == shape.status)
        let bound = Self.bound(deck.utf8.count)
        #expect(outcome.peakBytes <= bound, "\(shape): \(outcome.peakBytes / 1024) KiB > \(bound / 1024) KiB")
    }
}
