import Testing
@testable import Engine

@Suite("JSON parser")
struct JSONParserTests {
    @Test func syntaxErrorGivesLineColumnAndExpectation() {
        let json = "{\n  \"stories\": [\n    {\"title\": \"a\",}\n  ]\n}"
        #expect(messages(json) == [
            "stories[0]: trailing comma: JSON allows no ',' after the last item; remove it (line 3, column 18)",
        ])
    }

    @Test func columnsCountCharactersNotBytes() {
        let json = "[{\"title\": \"ñandú 🙂\" ]}]"
        #expect(messages(json) == ["[0]: expected ',' or '}', found ']' (line 1, column 22)"])
    }

    @Test func missingCommaInArray() {
        #expect(messages("[{\"title\": \"a\"} {\"title\": \"b\"}]")
            == ["missing ',' before this value (line 1, column 17)"])
    }

    @Test func trailingCommaInArray() {
        #expect(messages("{\"stories\": [{\"title\": \"a\"},]}")
            == ["stories: trailing comma: JSON allows no ',' after the last item; remove it (line 1, column 28)"])
    }

    @Test func unterminatedString() {
        #expect(messages("[{\"title\": \"abc")
            == ["[0].title: unterminated string (it starts at line 1, column 12): the file ends before its closing \" (line 1, column 16)"])
    }

    @Test func rawLineBreakInString() {
        #expect(messages("[{\"title\": \"a\nb\"}]")
            == ["[0].title: unterminated string (it starts at line 1, column 12): end it with \" before the line break, or write the line break as \\n (line 1, column 14)"])
        #expect(messages("[{\"title\": \"a\tb\"}]")
            == ["[0].title: control character U+0009 inside a string; write it as the escape \\u0009 (line 1, column 14)"])
    }

    @Test func badEscape() {
        #expect(messages("[{\"title\": \"a\\qb\"}]")
            == ["[0].title: expected one of \" \\ / b f n r t u after a backslash, found 'qb' (line 1, column 15)"])
    }

    @Test func nanAndInfinityAreSyntaxErrors() {
        #expect(messages("{\"duration\": NaN, \"stories\": []}")
            == ["duration: expected a value (an object, array, string, number, true, false or null), found 'NaN' (line 1, column 14)"])
        #expect(messages("{\"duration\": Infinity}").first?.contains("found 'Infinity'") == true)
        #expect(messages("{\"duration\": -Infinity}")
            == ["duration: expected a digit, found 'Infinity' (line 1, column 15)"])
    }

    @Test func trailingContent() {
        #expect(messages("[{\"title\": \"a\"}] x")
            == ["expected the end of the file, found 'x' (line 1, column 18)"])
    }

    @Test func emptyFile() {
        #expect(messages("  \n ") == [
            "the file is empty; a deck is a JSON array of stories, or an object with 'stories' or 'groups'; stories-tui reads a JSON deck, a Markdown deck (.md) or a folder of pictures (line 2, column 2)",
        ])
    }

    @Test func invalidUTF8GivesByteOffset() {
        var bytes = Array("[{\"title\": \"ab".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}]".utf8)
        let found = problems(bytes: bytes)
        #expect(found.map { $0.message(in: .english) } == ["not valid UTF-8 at byte offset 14; save the deck as UTF-8"])
        #expect(found.first?.kind == .invalidUTF8(offset: 14))
    }

    @Test(arguments: [
        [UInt8]([0xC0, 0x80]), [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE2, 0x82],
    ])
    func refusesIllFormedUTF8(sequence: [UInt8]) {
        let bytes = Array("[\"".utf8) + sequence + Array("\"]".utf8)
        #expect(problems(bytes: bytes).first?.kind == .invalidUTF8(offset: 2))
    }

    @Test func byteOrderMarkIsAccepted() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[{\"title\": \"a\"} x]".utf8)
        // Columns do not count the mark.
        #expect(problems(bytes: bytes).first?.column == 17)
        let valid: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[{\"title\": \"a\"}]".utf8)
        #expect((try? DeckLoader.decode(valid, baseDirectory: nil).get())?.stories.first?.title == "a")
    }

    @Test func utf16IsRefused() {
        let text = "[{\"title\": \"a\"}]"
        let littleEndian: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(problems(bytes: littleEndian).map { $0.message(in: .english) }
            == ["the deck must be UTF-8, but this file is UTF-16 (little-endian); save it as UTF-8"])
        #expect(problems(bytes: bigEndian).first?.kind == .encodedAsUTF16(bigEndian: true))
        #expect(problems(bytes: Array(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })).first?.kind
            == .encodedAsUTF16(bigEndian: false))
    }

    @Test func deepNestingIsAProblemNotACrash() {
        let deep = String(repeating: "[", count: 10_000)
        let found = problems(deep)
        #expect(found.count == 1)
        #expect(found.first?.kind == .nestedTooDeeply(limit: 64))
        #expect(found.first?.line == 1 && found.first?.column == 65)
        let objects = String(repeating: "{\"a\":", count: 10_000)
        #expect(problems(objects).first?.kind == .nestedTooDeeply(limit: 64))
    }

    @Test func sixtyFourLevelsAreAllowed() {
        let nested = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        let result = JSONParser.parse(Array(nested.utf8))
        #expect(result.problems.isEmpty)
        #expect(result.value != nil)
    }

    @Test func duplicateKeysAreReportedAndTheFirstKept() {
        let json = "[{\"title\": \"a\",\n  \"title\": \"b\"}]"
        #expect(messages(json) == ["[0].title: duplicate key 'title' (first at line 1, column 3) (line 2, column 3)"])
        let parsed = JSONParser.parse(Array(json.utf8))
        guard case .array(let stories)? = parsed.value?.kind, case .object(let members)? = stories.first?.kind,
            case .string(let title)? = members.first?.value.kind
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect(members.count == 1)
        #expect(title == "a")
    }

    @Test func duplicateKeysInLargeObjects() {
        let keys = (0..<50).map { "\"k\($0)\": 1" }.joined(separator: ", ")
        let parsed = JSONParser.parse(Array("{\(keys), \"k7\": 2, \"k49\": 3}".utf8))
        #expect(parsed.problems.map(\.kind) == [
            .duplicateKey("k7", firstLine: 1, firstColumn: 65), .duplicateKey("k49", firstLine: 1, firstColumn: 482),
        ])
    }

    @Test func hugeNumbersAreNotFinite() {
        #expect(messages("{\"duration\": 1e400, \"stories\": [{\"title\": \"a\"}]}")
            == ["duration: must be a finite number (got 1e400) (line 1, column 14)"])
        #expect(messages("[{\"title\": \"a\", \"duration\": -1E+999}]")
            == ["[0].duration: must be a finite number (got -1E+999) (line 1, column 29)"])
        // Tiny numbers round to zero: finite, then out of range.
        #expect(messages("[{\"title\": \"a\", \"duration\": 1e-400}]")
            == ["[0].duration: must be greater than 0 (got 0) (line 1, column 29)"])
    }

    @Test func numberGrammar() {
        for bad in ["01", "1.", ".5", "+1", "1e", "-", "0x10", "1.e5"] {
            #expect(!problems("{\"duration\": \(bad), \"stories\": [{\"title\": \"a\"}]}").isEmpty, "\(bad)")
        }
        for (text, value) in [("0", 0.0), ("-0.5", -0.5), ("2.5e1", 25), ("1E2", 100), ("12345678901234567890", 1.2345678901234567e19)] {
            let parsed = JSONParser.parse(Array(text.utf8))
            guard case .number(let number)? = parsed.value?.kind else {
                Issue.record("\(text) did not parse")
                continue
            }
            #expect(number == value)
        }
    }

    @Test func escapesAndSurrogates() {
        let parsed = JSONParser.parse(Array(#"["a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00z"]"#.utf8))
        guard case .array(let items)? = parsed.value?.kind, case .string(let text)? = items.first?.kind else {
            Issue.record("did not parse")
            return
        }
        #expect(text == "a\"\\/\u{8}\u{C}\n\r\té😀z")
        #expect(messages(#"[{"title": "x\ud800y"}]"#)
            == ["[0].title: the '\\u' escape U+D800 is half of a surrogate pair without its other half (line 1, column 14)"])
    }

    @Test func positionsOfValuesAndKeys() {
        let parsed = JSONParser.parse(Array("{\n \"a\": [1,\n   true]}".utf8))
        guard case .object(let members)? = parsed.value?.kind, let member = members.first,
            case .array(let items) = member.value.kind, items.count == 2
        else {
            Issue.record("unexpected shape")
            return
        }
        #expect((member.line, member.column) == (2, 2))
        #expect((member.value.line, member.value.column) == (2, 7))
        #expect((items[1].line, items[1].column) == (3, 4))
    }

    @Test func carriageReturnsEndLines() {
        let found = problems("[\r\n{\"title\": \"a\"}\r x]").first
        #expect(found?.line == 3 && found?.column == 2)
    }

    @Test func controlCharactersFoundAreShownAsCodePoints() {
        #expect(messages("[\u{1B}]")
            == ["[0]: expected a value (an object, array, string, number, true, false or null), found U+001B (line 1, column 2)"])
        #expect(messages("[\u{202E}]").first?.contains("found U+202E") == true)
    }
}
