import Testing
@testable import TUI
@testable import ViewerCore

/// The show and remove sequences, byte for byte.
@Suite struct GraphicsSequenceTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func kittyDrawsAtTheBoxInsideSynchronizedOutput() {
        let payload = Array("\u{1B}_Ga=T,f=24,o=z,s=1,v=1,i=5,q=2,z=-1,C=1,m=0;AAAA\u{1B}\\".utf8)
        let bytes = GraphicsSequence.show(.kitty, column: 3, row: 2, id: 5, payload: payload, synchronized: true)
        #expect(Self.text(bytes) == "\u{1B}[?2026h\u{1B}7\u{1B}[3;4H" + Self.text(payload) + "\u{1B}8\u{1B}[?2026l")
    }

    @Test func kittyPlacesAgainByIdWithoutData() {
        let bytes = GraphicsSequence.show(.kitty, column: 0, row: 1, id: 42, payload: [], synchronized: false)
        #expect(Self.text(bytes) == "\u{1B}7\u{1B}[2;1H\u{1B}_Ga=p,i=42,z=-1,C=1,q=2\u{1B}\\\u{1B}8")
    }

    @Test func sixelDrawsAtTheBoxAndNeedsData() {
        let payload = Array("\u{1B}P0;1;0q\"1;1;1;1#0;2;0;0;0#0@\u{1B}\\".utf8)
        #expect(Self.text(GraphicsSequence.show(.sixel, column: 9, row: 0, id: 1, payload: payload, synchronized: false))
            == "\u{1B}7\u{1B}[1;10H" + Self.text(payload) + "\u{1B}8")
        #expect(GraphicsSequence.show(.sixel, column: 9, row: 0, id: 1, payload: [], synchronized: true).isEmpty)
    }

    @Test func symbolsAndOffWriteNothing() {
        #expect(GraphicsSequence.show(.symbols, column: 0, row: 0, id: 1, payload: [1], synchronized: true).isEmpty)
        #expect(GraphicsSequence.show(.off, column: 0, row: 0, id: 1, payload: [1], synchronized: true).isEmpty)
        #expect(GraphicsSequence.remove(.symbols, id: 1, keepData: false).isEmpty)
    }

    @Test func kittyRemovesByIdWithOrWithoutItsData() {
        #expect(Self.text(GraphicsSequence.remove(.kitty, id: 7, keepData: true)) == "\u{1B}_Ga=d,d=i,i=7,q=2\u{1B}\\")
        #expect(Self.text(GraphicsSequence.remove(.kitty, id: 7, keepData: false)) == "\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\")
        #expect(GraphicsSequence.remove(.sixel, id: 7, keepData: false).isEmpty)
    }
}
