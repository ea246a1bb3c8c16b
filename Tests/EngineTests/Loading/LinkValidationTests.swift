import Testing
@testable import Engine

@Suite("Link: a story's link is checked at load (SPEC 2, docs/DECK-FORMAT.md \"Links\")")
struct LinkValidationTests {
    @Test("http, https and mailto links are kept as written, the scheme in any case")
    func acceptedLinks() throws {
        for link in ["https://example.com", "http://example.com/a/b?c=d#e", "HTTPS://Example.com/x",
                     "mailto:ana@example.com", "mailto:ana@example.com?subject=Hola%20Ana",
                     "https://user@example.com:8080/p", "https://ñandú.example/café", "http://[::1]:8080/x"] {
            let json = #"[{"title": "t", "link": "\#(link)"}]"#
            let story = try #require(deck(json)?.stories.first, "\(link)")
            #expect(story.link == link)
        }
    }

    @Test("javascript:, data:, file: and scheme-less links are problems at the link's path")
    func otherSchemes() {
        for link in ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "file:///etc/passwd",
                     "example.com", "ftp://example.com", "https:/example.com", "mailto"] {
            let found = problems(#"{"stories": [{"title": "t", "link": "\#(link)"}]}"#)
            #expect(found.map(\.path) == ["stories[0].link"], "\(link)")
            #expect(found.map(\.kind) == [.linkScheme(got: link)], "\(link)")
        }
    }

    @Test("a control character, a space or a bidirectional control anywhere is a problem that names it")
    func forbiddenCharacters() {
        let cases: [(String, UInt32)] = [
            (#"https://a.com/\u0007x"#, 0x07), (#"https://a.com/\u001b]8;;x"#, 0x1B), (#"https://a.com/\u009bx"#, 0x9B),
            ("https://a.com/a b", 0x20), (#"https://a.com/\u202ex"#, 0x202E), (#"https://a.com/\u007f"#, 0x7F),
            (#"https://a.com/\tx"#, 0x09), (#"mailto:a@b.c\nx"#, 0x0A), (#"https://a.com/\u00a0"#, 0xA0),
        ]
        for (link, scalar) in cases {
            let found = problems(#"[{"title": "t", "link": "\#(link)"}]"#)
            #expect(found.map(\.kind) == [.linkCharacter(scalar)], "\(link)")
            #expect(found.map(\.path) == ["[0].link"])
        }
    }

    @Test("a 10 KB link is one problem that gives its length and the limit; 2048 characters pass")
    func tooLong() {
        let long = "https://example.com/" + String(repeating: "a", count: 10_240 - 20)
        let found = problems(#"[{"title": "t", "link": "\#(long)"}]"#)
        #expect(found.map(\.kind) == [.linkTooLong(length: 10_240, limit: DeckLimits.maximumLinkLength)])
        let atLimit = "https://example.com/" + String(repeating: "a", count: DeckLimits.maximumLinkLength - 20)
        #expect(problems(#"[{"title": "t", "link": "\#(atLimit)"}]"#).isEmpty)
        let over = atLimit + "a"
        #expect(problems(#"[{"title": "t", "link": "\#(over)"}]"#).map(\.kind)
            == [.linkTooLong(length: DeckLimits.maximumLinkLength + 1, limit: DeckLimits.maximumLinkLength)])
    }

    @Test("a link with no host or no address, and a link that is not a string")
    func noAddressAndWrongType() {
        for link in ["https://", "http:///path", "https://user@/x", "mailto:", "mailto:?subject=x", "https://:80",
                     "https://user:pw@:8080/"] {
            #expect(problems(#"[{"title": "t", "link": "\#(link)"}]"#).map(\.kind) == [.linkWithoutAddress], "\(link)")
        }
        #expect(problems(#"[{"title": "t", "link": 3}]"#).map(\.kind) == [.wrongType(expected: [.string], got: .number)])
    }

    @Test("a link alone is nothing to show")
    func linkIsNotContent() {
        #expect(problems(#"[{"link": "https://example.com"}]"#).map(\.kind) == [.nothingToShow])
    }

    @Test("messages in English and Spanish quote the link cleaned and cut, with stable codes")
    func messagesAndCodes() {
        let json = #"[{"title": "t", "link": "javascript:alert(1)"}, {"title": "u", "link": "https://a.com/\u001b[2J"}]"#
        #expect(messages(json) == [
            "[0].link: must be an http://, https:// or mailto: link (got 'javascript:alert(1)') (line 1, column 25)",
            "[1].link: holds U+001B; a link may hold no control characters or spaces (write a space as %20) (line 1, column 72)",
        ])
        #expect(messages(json, in: .spanish).first
            == "[0].link: debe ser un enlace http://, https:// o mailto: (recibido 'javascript:alert(1)') (línea 1, columna 25)")
        #expect(problems(json).map(\.kind.code) == ["link-scheme", "link-character"])
        let hostile = #"[{"title": "t", "link": "x\u001b]0;pwned\u0007"}]"#
        // The quoted link in the message has no control character left.
        #expect(messages(hostile).allSatisfy { !$0.unicodeScalars.contains { $0.value < 0x20 } })
    }

    @Test("the link survives the compact story list (with and without other fields)")
    func storedInStoryList() throws {
        let json = #"[{"title": "t", "link": "https://e.com/1"}, {"caption": "c", "link": "mailto:a@b.c", "theme": "light"}, {"title": "n"}]"#
        let stories = Array(try #require(deck(json)).stories)
        #expect(stories.map(\.link) == ["https://e.com/1", "mailto:a@b.c", nil])
        #expect(stories[1].theme == .light)
    }
}
