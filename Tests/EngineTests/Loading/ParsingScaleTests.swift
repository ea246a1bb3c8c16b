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
        let smallTime = CPUClock.fastest(of: 3) { _ = DeckLoader.decode(small, baseDirectory: nil) }
        let largeTime = CPUClock.fastest(of: 3) { _ = DeckLoader.decode(large, baseDirectory: nil) }
        // Linear work gives a ratio near 8; quadratic work gives 64.
        #expect(largeTime < smallTime * 24, "50k: \(smallTime) s, 400k: \(largeTime) s")
    }

    @Test func decodedTextIsWhole() throws {
        let count = 100_000
        let json = "[{\"title\": \"" + String(repeating: #"a\nb\u00e9\ud83d\ude00"#, count: count) + "\"}]"
        let title = try #require(try decode(json).get().stories.first?.title)
        #expect(title == String(repeating: "a b\u{E9}\u{1F600}", count: count))
    }
}
