import Testing
@testable import Engine

/// The one sanitiser for text quoted in messages, deck text and command-line arguments alike (issue 14 item 6).
@Suite("Message text")
struct MessageTextTests {
    @Test(arguments: [
        ("ok\u{202E}.json", "ok.json"),                      // a bidi override in a file name
        ("a\u{2066}b\u{2069}c", "abc"),                      // isolates
        ("two\nlines", "two lines"),                         // a line break never splits a message
        ("cr\r\nlf", "cr lf"),
        ("\u{1B}]0;title\u{07}x", "]0;titlex"),              // an escape sequence loses its ESC and BEL
        ("c1\u{9B}2J", "c12J"),
        ("del\u{7F}", "del"),
    ])
    func removesWhatCouldControlATerminal(input: String, expected: String) {
        #expect(MessageText.clean(input) == expected)
        #expect(MessageText.quoted(input) == "'" + expected + "'")
    }

    @Test func cutsByTerminalColumns() {
        #expect(MessageText.clean(String(repeating: "x", count: 40)) == String(repeating: "x", count: 40))
        #expect(MessageText.clean(String(repeating: "x", count: 41)) == String(repeating: "x", count: 40) + "…")
        // Wide characters take two columns: 20 of them fill 40.
        #expect(MessageText.clean(String(repeating: "日", count: 25)) == String(repeating: "日", count: 20) + "…")
        #expect(MessageText.clean(String(repeating: "🙂", count: 20)) == String(repeating: "🙂", count: 20))
        // Combining marks take none: 40 accented letters are 40 columns.
        let accented = String(repeating: "e\u{301}", count: 40)
        #expect(MessageText.clean(accented) == accented)
        #expect(MessageText.clean(String(repeating: "p", count: 200), width: MessageText.pathWidth)
            == String(repeating: "p", count: 120) + "…")
        #expect(MessageText.clean("abc", width: 0) == "…")
    }

    @Test func looksAtABoundedPrefixOnly() {
        let huge = String(repeating: "\u{1B}", count: 2_000_000) + "x"
        #expect(MessageText.clean(huge) == "…")
        let long = String(repeating: "y", count: 2_000_000)
        #expect(MessageText.clean(long) == String(repeating: "y", count: 40) + "…")
    }

    @Test func deckMessagesUseIt() {
        let key = "k\u{202E}" + String(repeating: "日", count: 30)
        #expect(messages(#"{"stories": [{"title": "a"}], "\#(key)": 1}"#)
            == ["[\"k\(String(repeating: "日", count: 19))…\"]: unknown key (line 1, column 31)"])
    }
}
