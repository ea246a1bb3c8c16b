import Testing
@testable import TUI
@testable import ViewerCore

/// Random input: no crash, bounded memory, the same events however it is split, and never a key from
/// inside a sequence.
struct InputDecoderFuzzTests {
    typealias H = DecoderHarness

    @Test("1 MB of random bytes: no crash, the stored sequence stays under the cap, any split gives the same events")
    func randomBytes() {
        var random = SeededGenerator(seed: 20_261_130)
        let bytes = random.bytes(1 << 20)
        var whole = InputDecoder()
        let expected = whole.feed(bytes, at: 0)
        var chunked = InputDecoder()
        var events: [InputEvent] = []
        var largestBuffer = 0
        var start = 0
        for end in random.cuts(bytes.count, longest: 4096) + [bytes.count] {
            events += chunked.feed(bytes[start..<end], at: 0)
            largestBuffer = max(largestBuffer, chunked.buffer.count)
            start = end
        }
        #expect(Self.firstDifference(events, expected) == nil)
        #expect(largestBuffer <= InputDecoder.sequenceCap)
        #expect(chunked.buffer.capacity <= 2 * InputDecoder.sequenceCap)
        #expect(expected.count > 100_000, "random bytes hold plenty of text")
    }

    @Test("unknown sequences with random payloads between keys: only the keys come out", arguments: 1...20)
    func unknownSequences(seed: UInt64) {
        var generator = UnknownSequenceGenerator(random: SeededGenerator(seed: seed))
        var bytes: [UInt8] = []
        var expected: [InputEvent] = []
        for _ in 0..<200 {
            let key = UInt8.random(in: 0x61...0x7A, using: &generator.random)
            let sequence = generator.sequence()
            bytes += [key] + sequence.bytes
            expected += [H.character(Character(Unicode.Scalar(key)))] + sequence.events
        }
        var random = generator.random
        #expect(Self.firstDifference(H.decode(bytes), expected) == nil)
        #expect(Self.firstDifference(H.decode(bytes, cuts: random.cuts(bytes.count, longest: 64)), expected) == nil)
        #expect(Self.firstDifference(H.decode(bytes, cuts: random.cuts(bytes.count, longest: 3)), expected) == nil)
    }

    @Test("after any flood, a q typed once the deadline passed is read as q (issue 14 item 12)", arguments: 1...50)
    func keyAfterFlood(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var decoder = InputDecoder()
        _ = decoder.feed(random.bytes(Int.random(in: 1...4096, using: &random)), at: 0)
        let deadline = decoder.escapeDeadline ?? 0
        _ = decoder.flush(at: deadline)
        #expect(decoder.feed(H.bytes("q"), at: deadline + 0.01) == [H.character("q")])
    }

    @Test("a huge paste is one event and stores nothing")
    func hugePaste() {
        var decoder = InputDecoder()
        var events = decoder.feed(H.bytes("\u{1B}[200~"), at: 0)
        let chunk = [UInt8](repeating: UInt8(ascii: "q"), count: 4096) + H.bytes("\u{1B}[A\u{1B}")
        for index in 0..<1024 {
            events += decoder.feed(chunk, at: Double(index) * 0.001)
            #expect(decoder.buffer.isEmpty)
        }
        events += decoder.feed(H.bytes("[201~q"), at: 2)
        #expect(events == [.paste, H.character("q")])
    }

    @Test("a CSI sequence longer than the cap is dropped, and the decoder goes on after it")
    func overlong() {
        let parameters = String(repeating: "1;", count: InputDecoder.sequenceCap)
        var decoder = InputDecoder()
        var events = decoder.feed(H.bytes("a\u{1B}[" + parameters), at: 0)
        #expect(decoder.buffer.count <= InputDecoder.sequenceCap)
        events += decoder.feed(H.bytes("Ab\u{1B}[A"), at: 0)
        #expect(events == [H.character("a"), H.character("b"), H.key(.up)])
    }

    /// The index of the first event where `actual` and `expected` differ (a short failure message for
    /// long streams), or nil when they are equal.
    static func firstDifference(_ actual: [InputEvent], _ expected: [InputEvent]) -> Int? {
        if actual == expected { return nil }
        return zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actual.count, expected.count)
    }
}
