import Testing
@testable import TUI
@testable import ViewerCore

/// Time decides only what bytes cannot: a lone Esc, and a sequence that stalled.
struct InputDecoderTimeoutTests {
    typealias H = DecoderHarness

    @Test("a lone Esc resolves at its deadline, not before")
    func loneEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed(H.bytes("\u{1B}"), at: 1.0).isEmpty)
        #expect(decoder.escapeDeadline == 1.0 + InputDecoder.escapeTimeout)
        #expect(decoder.flush(at: 1.049).isEmpty)
        #expect(decoder.flush(at: 1.05) == [H.key(.escape)])
        #expect(decoder.escapeDeadline == nil)
        #expect(decoder.flush(at: 2).isEmpty)
    }

    @Test("Esc followed by [ and a final byte before the deadline is a sequence")
    func escapeThenSequence() {
        var decoder = InputDecoder()
        var events = decoder.feed(H.bytes("\u{1B}"), at: 1.0)
        events += decoder.flush(at: 1.02)
        events += decoder.feed(H.bytes("["), at: 1.03)
        events += decoder.flush(at: 1.07)
        events += decoder.feed(H.bytes("A"), at: 1.075)
        #expect(events == [H.key(.up)])
    }

    @Test("bytes read late (the loop was busy) still complete the sequence: feed never times out")
    func lateRead() {
        var decoder = InputDecoder()
        var events = decoder.feed(H.bytes("\u{1B}"), at: 1.0)
        events += decoder.feed(H.bytes("[B"), at: 1.5)
        #expect(events == [H.key(.down)])
    }

    @Test("each byte of an incomplete sequence moves its deadline")
    func deadlineMoves() {
        var decoder = InputDecoder()
        var events = decoder.feed(H.bytes("\u{1B}["), at: 0)
        events += decoder.feed(H.bytes("1;"), at: 0.04)
        #expect(decoder.escapeDeadline == 0.04 + InputDecoder.escapeTimeout)
        events += decoder.flush(at: 0.06)
        events += decoder.feed(H.bytes("5C"), at: 0.08)
        #expect(events == [H.key(.right, .control)])
    }

    @Test("a stalled incomplete sequence is dropped whole, never read as Esc + letters")
    func stalledSequence() {
        let prefixes = ["\u{1B}[", "\u{1B}[1;5", "\u{1B}O", "\u{1B}[<0;10", "\u{1B}]0;title", "\u{1B}P1$r", "\u{1B}[M!"]
        for prefix in prefixes {
            var decoder = InputDecoder()
            var events = decoder.feed(H.bytes(prefix), at: 0)
            events += decoder.flush(at: InputDecoder.escapeTimeout)
            events += decoder.feed(H.bytes("q"), at: 0.2)
            #expect(events == [H.character("q")], "\(prefix.debugDescription)")
        }
    }

    @Test("keypad keys never become Esc + letter (issue 14: KP Enter and KP 1 must not quit)")
    func keypadNeverQuits() {
        let keypad: [(String, InputEvent)] = [
            ("\u{1B}OM", H.key(.enter)), ("\u{1B}Oq", H.character("1")),
            ("\u{1B}[57414u", H.key(.enter)), ("\u{1B}[57400u", H.character("1")),
        ]
        for (sequence, expected) in keypad {
            let bytes = H.bytes(sequence)
            for cut in 0...bytes.count {
                // The two reads 40 ms apart: within the Esc timeout, with a flush in between.
                var decoder = InputDecoder()
                var events = decoder.feed(bytes[..<cut], at: 0)
                events += decoder.flush(at: 0.04)
                events += decoder.feed(bytes[cut...], at: 0.04)
                events += decoder.flush(at: 1)
                #expect(events == [expected], "\(sequence.debugDescription) cut at \(cut)")
            }
        }
    }

    @Test("a bracketed paste may trickle in; one that stalls for the paste timeout ends as a paste")
    func pasteTimeout() {
        var decoder = InputDecoder()
        var events = decoder.feed(H.bytes("\u{1B}[200~ab"), at: 0)
        events += decoder.flush(at: 0.9)
        events += decoder.feed(H.bytes("q\r"), at: 0.9)
        #expect(decoder.escapeDeadline == 0.9 + InputDecoder.pasteTimeout)
        events += decoder.flush(at: 1.8)
        #expect(events.isEmpty)
        events += decoder.flush(at: 1.9)
        events += decoder.feed(H.bytes("q"), at: 2.5)
        #expect(events == [.paste, H.character("q")])
    }

    @Test("a partial UTF-8 character at the end of a read waits, has no deadline, and never eats the next key")
    func partialCharacter() {
        for partial: [UInt8] in [[0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xFF], [0xED]] {
            var decoder = InputDecoder()
            var events = decoder.feed(partial, at: 0)
            #expect(decoder.escapeDeadline == nil)
            events += decoder.flush(at: 5)
            events += decoder.feed(H.bytes("q"), at: 5)
            #expect(events == [H.character("q")], "\(partial)")
        }
        var decoder = InputDecoder()
        var events = decoder.feed([0xF0, 0x9F], at: 0)
        events += decoder.feed([0x98, 0x80], at: 0.5)
        #expect(events == [H.character("😀")])
    }
}
