import Testing
@testable import Engine

/// Parsing is linear in the input for every shape of string (issue 14, item 1): eight times the escapes
/// cost about eight times the work, never sixty-four. Measured as a ratio of CPU times, not against a clock.
@Suite("Parsing scales linearly", .serialized)
struct ParsingScaleTests {
    /// One escape of each shape: simple, backslash, `\u` in the BMP, a surrogate pair, a lone surrogate,
    /// and escapes between plain and multi-byte text.
    @Test(arguments: [#"\n"#, #"\\"#, #"\u00e9"#, #"\ud83d\ude00"#, #"\ud800"#, #"a\"é"#])
    func escapesScaleLinearly(escape: String) {
        func deck(_ count: Int) -> [UInt8] {
            Array(("[{\"title\": \"" + String(repeating: escape, count: count) + "\"}]").utf8)
        }
        let small = deck(50_000)
        let large = deck(400_000)
        let smallTime = CPUClock.fastest(of: 2) { _ = DeckLoader.decode(small, baseDirectory: nil) }
        let largeTime = CPUClock.fastest(of: 2) { _ = DeckLoader.decode(large, baseDirectory: nil) }
        // Linear work gives a ratio near 8; quadratic work gives 64.
        #expect(largeTime < smallTime * 24, "50k: \(smallTime) s, 400k: \(largeTime) s")
    }

    /// Many stories, many ids, many keys in one object, many problems: each shape 8 times larger costs about
    /// 8 times the work.
    @Test(arguments: ["story", "problem", "key", "group"])
    func countsScaleLinearly(shape: String) {
        func deck(_ count: Int) -> [UInt8] {
            let parts: String
            switch shape {
            case "story": parts = (0..<count).map { #"{"id": "s\#($0)", "title": "t"}"# }.joined(separator: ",")
            case "problem": parts = Array(repeating: #"{"captoin": 1}"#, count: count).joined(separator: ",")
            case "key": parts = #"{"title": "t", "# + (0..<count).map { #""k\#($0)": 1"# }.joined(separator: ",") + "}"
            default: parts = ""
            }
            if shape == "group" {
                let groups = Array(repeating: #"{"title": "g", "stories": [{"art": "a"}]}"#, count: count)
                return Array(("{\"groups\": [" + groups.joined(separator: ",") + "]}").utf8)
            }
            return Array(("[" + parts + "]").utf8)
        }
        let small = deck(2_000)
        let large = deck(16_000)
        let smallTime = CPUClock.fastest(of: 2) { _ = DeckLoader.decode(small, baseDirectory: nil) }
        let largeTime = CPUClock.fastest(of: 2) { _ = DeckLoader.decode(large, baseDirectory: nil) }
        #expect(largeTime < smallTime * 24, "2k: \(smallTime) s, 16k: \(largeTime) s")
    }

    @Test func decodedTextIsWhole() throws {
        let count = 100_000
        let json = "[{\"title\": \"" + String(repeating: #"a\nb\u00e9\ud83d\ude00"#, count: count) + "\"}]"
        let title = try #require(try decode(json).get().stories.first?.title)
        #expect(title == String(repeating: "a b\u{E9}\u{1F600}", count: count))
    }
}
