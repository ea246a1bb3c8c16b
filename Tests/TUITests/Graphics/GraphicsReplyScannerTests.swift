import Testing
@testable import TUI
@testable import ViewerCore

/// The reply scanner reads whole replies from bytes split anywhere, passes over what is not a reply, and
/// keeps bounded state.
@Suite struct GraphicsReplyScannerTests {
    static let answer = GraphicsCapabilitiesTests.kitty

    @Test func everySplitGivesTheSameReplies() {
        var whole = GraphicsReplyScanner()
        let expected = whole.scan(Array(Self.answer.utf8))
        #expect(expected == [.kittyGraphics(ok: true), .version("kitty(0.26.5)"),
                             .windowPixels(PixelSize(width: 640, height: 408)),
                             .cellPixels(PixelSize(width: 8, height: 17)),
                             .privateMode(mode: 2026, value: 2), .primaryDeviceAttributes([62])])
        let bytes = Array(Self.answer.utf8)
        for split in 1..<bytes.count {
            var scanner = GraphicsReplyScanner()
            let replies = scanner.scan(Array(bytes[..<split])) + scanner.scan(Array(bytes[split...]))
            #expect(replies == expected, "split at \(split)")
        }
        var byByte = GraphicsReplyScanner()
        #expect(bytes.flatMap { byByte.scan([$0]) } == expected)
    }

    @Test func keysAndOtherRepliesArePassedOver() {
        var scanner = GraphicsReplyScanner()
        let bytes = Array("ab\u{1B}[A\u{1B}[?15u\u{1B}[1;5H\u{1B}]11;rgb:0000/0000/0000\u{1B}\\q\u{1B}[?63;4c".utf8)
        #expect(scanner.scan(bytes) == [.primaryDeviceAttributes([63, 4])])
    }

    @Test func anOverlongStringIsDroppedAndTheRepliesAfterItRead() {
        var scanner = GraphicsReplyScanner()
        let long = "\u{1B}P>|" + String(repeating: "x", count: GraphicsReplyScanner.maximumSequenceBytes + 10) + "\u{1B}\\"
        #expect(scanner.scan(Array((long + "\u{1B}[?62;c").utf8)) == [.primaryDeviceAttributes([62])])
        var unterminated = GraphicsReplyScanner()
        let open = "\u{1B}_G" + String(repeating: "y", count: GraphicsReplyScanner.maximumSequenceBytes + 10)
        #expect(unterminated.scan(Array(open.utf8)) == [])
        #expect(unterminated.scan(Array("\u{1B}[?62;c".utf8)) == [.primaryDeviceAttributes([62])])
    }

    @Test func malformedParametersAreNotReplies() {
        var scanner = GraphicsReplyScanner()
        let bytes = Array("\u{1B}[?1;0;99999999999S\u{1B}[5;1;2t\u{1B}[?2026$y\u{1B}_Gi=7;OK\u{1B}\\\u{1B}[?62;c".utf8)
        #expect(scanner.scan(bytes) == [.primaryDeviceAttributes([62])])
    }
}
