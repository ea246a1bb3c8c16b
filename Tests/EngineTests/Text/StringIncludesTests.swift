import Testing
@testable import Engine

/// `includes(_:)`: a string searched for a string without `_StringProcessing` (docs/PACKAGING.md).
@Suite("String includes")
struct StringIncludesTests {
    @Test(arguments: [
        ("en_us.utf-8", "utf-8", true),
        ("utf-8", "utf-8", true),                           // the whole string
        ("BOX DRAWINGS LIGHT HORIZONTAL", "HORIZONTAL", true), // at the end
        ("HORIZONTAL AND", "HORIZONTAL", true),             // at the start
        ("uutf8", "utf8", true),                            // after a false start
        ("utf", "utf-8", false),                            // longer than the string
        ("en_US.ISO-8859-1", "utf-8", false),
        ("", "a", false),
        ("anything", "", true),                             // the empty string is in every string
        ("café crème", "é c", true),                        // compared as UTF-8 bytes
        ("cafe\u{301}", "é", false),                        // not canonically: é is not e + ◌́ here
    ])
    func findsTheText(haystack: String, needle: String, expected: Bool) {
        #expect(haystack.includes(needle) == expected)
        #expect(haystack[...].includes(needle) == expected)
    }
}
