import Testing
@testable import TUI
@testable import ViewerCore

/// Every sequence of the table gives its events, in one read and in reads split anywhere.
struct InputDecoderCaseTests {
    @Test("each sequence gives its events", arguments: DecoderCases.all)
    func whole(_ example: DecoderCase) {
        #expect(DecoderHarness.decode(example.bytes) == example.events)
    }

    @Test("each sequence split at every offset, and at every pair of offsets, gives the same events",
          arguments: DecoderCases.all)
    func split(_ example: DecoderCase) {
        let count = example.bytes.count
        var wrongCuts: [[Int]] = []
        for first in 0...count {
            for second in first...count {
                let cuts = second == first ? [first] : [first, second]
                if DecoderHarness.decode(example.bytes, cuts: cuts) != example.events { wrongCuts.append(cuts) }
            }
        }
        #expect(wrongCuts.isEmpty)
    }

    @Test("each sequence fed byte by byte gives the same events", arguments: DecoderCases.all)
    func byteByByte(_ example: DecoderCase) {
        let cuts = Array(example.bytes.indices.dropFirst())
        #expect(DecoderHarness.decode(example.bytes, cuts: cuts) == example.events)
    }

    @Test("all the sequences in one stream give all their events, in order")
    func stream() {
        // A lone Esc only ends at its timeout, and an Esc before another Esc is Alt: leave out the cases
        // that end with an Esc or a partial character, which would join with the next case.
        let joinable = DecoderCases.all.filter { $0.bytes.last != 0x1B && $0.name != "ill-formed bytes are dropped" }
        let bytes = joinable.flatMap(\.bytes)
        let expected = joinable.flatMap(\.events)
        #expect(DecoderHarness.decode(bytes) == expected)
        #expect(DecoderHarness.decode(bytes, cuts: Array(stride(from: 7, to: bytes.count, by: 7))) == expected)
    }
}
