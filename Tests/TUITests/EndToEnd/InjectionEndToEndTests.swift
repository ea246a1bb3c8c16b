import Foundation
import Glibc
import Testing

/// Untrusted deck text through the real binary (SPEC 7, issue 6), checked on the bytes it writes: plain output,
/// `--check` and error messages on stderr, the events file, and the full-screen output recorded by `tmux pipe-pane`.
@Suite(.serialized)
struct InjectionEndToEndTests {
    /// Every kind of escape the issue names, in every text field: deck title, group title, id, title, caption, art,
    /// alt, image. JSON escapes carry the control characters; U+009B and U+0085 also appear raw (legal in JSON).
    static let hostileJSON = #"""
    { "title": "Deck\u001bc\u001b]0;DECKTITLE\u0007",
      "groups": [
        { "title": "G\u001b]2;GROUPTITLE\u001b\\\#u{9B}31m\#u{85}\u202eevil\u2066iso\u2069",
          "stories": [
            { "id": "one\u001b[6n",
              "title": "T1\u001b]8;;http://evil.example\u001b\\link\u001b]8;;\u001b\\ bel\u0007bs\u0008X\rY",
              "caption": "C1\u001b]52;c;cm0gLXJmIH4=\u0007 dcs\u001bP1$qm\u001b\\ apc\u001b_payload\u001b\\ \u001b]0;unterminated",
              "art": "A\u009b6n\u0085\u0000\u007f\u202d\u2067B\r\noverprint\rXX\u001b[2J",
              "alt": "alt\u001b[2J\u0000", "duration": 30 },
            { "title": "T2 \u0000nul", "caption": "ok", "image": "x\u001b[31m.png", "alt": "pic\u001b]0;ALT\u0007" }
          ] } ] }
    """#

    /// A deck whose problems quote hostile text: unknown keys, bad enum values, a bad start, duplicate ids.
    static let badJSON = #"""
    { "titel\u001b]0;KEY\u0007": 1, "theme": "\u001b]52;c;eA==\u0007", "start": "\u009b6n\u001bc",
      "stories": [ { "title": 5, "captoin\u202e": "x", "theme": "dark\u001bP1$q\u001b\\", "strategy\u001b_x": 1,
                     "duration": "\u001b]8;;http://e\u001b\\" },
                   { "id": "\u001b[6n", "title": "a" }, { "id": "\u001b[6n", "title": "b" } ] }
    """#

    static let binary = TmuxSession.binary

    @Test("the byte checker flags every injected sequence and accepts curses' own output")
    func checkerCanFail() {
        let curses = Array("\u{1B}(B\u{1B})0\u{1B}[?1049h\u{1B}[1;24r\u{1B}[m\u{0F}\u{1B}[?25l\u{1B}[39;49m\u{1B}[H\u{1B}[J\u{1B}[2;1Hok\u{1B}[5b\u{08}\r\n\u{1B}[?1049l\u{1B}[?1l\u{1B}>".utf8)
        #expect(TerminalBytes.screenViolations(curses) == [])
        let injected: [[UInt8]] = [
            Array("\u{1B}c".utf8), Array("\u{1B}]0;x\u{07}".utf8), Array("\u{1B}]8;;u\u{1B}\\".utf8),
            Array("\u{1B}P1$q\u{1B}\\".utf8), Array("\u{1B}_x".utf8), Array("\u{1B}[6n".utf8), Array("\u{1B}[c".utf8),
            Array("\u{1B}[?1;2c".utf8), Array("a\u{07}".utf8), Array("\u{9B}6n".utf8), [0x9B, 0x36, 0x6E],
            Array("\u{202E}".utf8), Array("\u{2066}".utf8), Array("\u{85}".utf8), [0x00], [0x7F], Array("\u{1B}]0;".utf8),
        ]
        for bytes in injected {
            #expect(!TerminalBytes.screenViolations(curses + bytes + curses).isEmpty, "\(bytes)")
            #expect(!TerminalBytes.textViolations(Array("text".utf8) + bytes).isEmpty, "\(bytes)")
        }
    }

    @Test("--plain writes the sanitised text and no control sequence")
    func plainOutput() throws {
        let path = ViewerEndToEndTests.deck(Self.hostileJSON)
        let result = ProcessRunner.run([Self.binary, "--plain", path], timeout: 10)
        #expect(result.status == 0)
        #expect(TerminalBytes.textViolations(result.outputBytes) == [])
        #expect(result.errorBytes.isEmpty)
        // The text is there, minus the controls: proof that the check looked at real output.
        let text = result.standardOutput
        #expect(text.contains("Deckc]0;DECKTITLE"))
        #expect(text.contains("== G]2;GROUPTITLE\\31meviliso =="))
        #expect(text.contains("T1]8;;http://evil.example\\link]8;;\\ belbsX Y"))
        #expect(text.contains("C1]52;c;cm0gLXJmIH4= dcsP1$qm\\ apc_payload\\ ]0;unterminated"))
        #expect(text.contains("A6nB\noverprint\nXX[2J"))
        #expect(text.contains("[image: pic]0;ALT]"))
        // Standard input gives the same bytes.
        let piped = ProcessRunner.run([Self.binary, "--plain", "-"], input: Self.hostileJSON, timeout: 10)
        #expect(piped.status == 0)
        #expect(piped.outputBytes == result.outputBytes)
    }

    @Test("--check quotes hostile keys and values without their control characters")
    func checkMessages() throws {
        let path = ViewerEndToEndTests.deck(Self.badJSON)
        for language in ["en", "es"] {
            let result = ProcessRunner.run([Self.binary, "--check", "--lang", language, path], timeout: 10)
            #expect(result.status == 65)
            #expect(result.outputBytes.isEmpty)
            #expect(TerminalBytes.textViolations(result.errorBytes) == [])
            let lines = result.standardError.split(separator: "\n")
            #expect(lines.count >= 8)
            #expect(lines.allSatisfy { $0.hasPrefix(path + ":") }, "the editor form, one line a problem")
            #expect(result.standardError.contains("titel]0;KEY"))
            #expect(result.standardError.contains("]52;c;eA=="))
            #expect(result.standardError.contains("[6n"))
        }
        // A raw ESC in a string is a syntax error that names it, never echoes it.
        let raw = ViewerEndToEndTests.deck("{\"a\": \"\u{1B}[2J\u{1B}]0;x\u{07}\"}")
        let result = ProcessRunner.run([Self.binary, "--check", raw], timeout: 10)
        #expect(result.status == 65)
        #expect(TerminalBytes.textViolations(result.errorBytes) == [])
        #expect(result.standardError.contains("U+001B"))
    }

    @Test("paths, --start and --events arguments with escapes are quoted safely in errors")
    func argumentsInMessages() throws {
        let hostile = "/tmp/no\u{1B}]0;PWN\u{07}such\u{9B}6n\u{202E}.json"
        let missing = ProcessRunner.run([Self.binary, "--check", hostile], timeout: 10)
        #expect(missing.status == 66)
        #expect(TerminalBytes.textViolations(missing.errorBytes) == [])
        #expect(missing.standardError.contains("]0;PWN"))

        let path = ViewerEndToEndTests.deck(Self.hostileJSON)
        let start = ProcessRunner.run([Self.binary, "--plain", "--start", "x\u{1B}[6n", path], timeout: 10)
        #expect(start.status == 64)
        #expect(TerminalBytes.textViolations(start.errorBytes) == [])
        #expect(start.standardError.contains("x[6n"))

        let usage = ProcessRunner.run([Self.binary, "--bogus\u{1B}c", path], timeout: 10)
        #expect(usage.status == 64)
        #expect(TerminalBytes.textViolations(usage.errorBytes) == [])
    }

    @Test("the full-screen output holds only curses' own sequences, and the events file only JSON")
    func screenAndEventBytes() throws {
        let path = ViewerEndToEndTests.deck(Self.hostileJSON)
        let events = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("events.jsonl").path
        let session = TmuxSession(command: ViewerEndToEndTests.command(path, "--events \(TmuxSession.quote(events))"),
                                  recordOutput: true)
        defer { session.close() }
        // Story 1: title, group title, caption, art.
        let first = try #require(session.waitForScreen { $0.count > 1 && $0[1].contains("T1]8;;") })
        let screen = first.joined(separator: "\n")
        #expect(screen.contains("http://evil.example\\link"))
        #expect(screen.contains("C1]52;c;cm0gLXJmIH4="))
        #expect(screen.contains("A6nB"))
        #expect(screen.contains("G]2;GROUPTITLE"))
        // Story 2: the image's alt text; then the story list (ids, titles) and help overlays.
        session.send("Right")
        #expect(session.waitForScreen { $0.joined().contains("pic]0;ALT]") } != nil)
        session.send("Tab")
        #expect(session.waitForScreen { $0.joined().contains("Stories") } != nil)
        session.send("Escape")
        session.send("?")
        #expect(session.waitForScreen { $0.joined().contains("Keys") } != nil)
        session.send("Escape")
        session.send("q")
        #expect(session.waitForExit() == 0)
        // pipe-pane's `cat` may lag the program's exit by a moment.
        var bytes: [UInt8] = []
        for _ in 0..<50 {
            bytes = session.output()
            if bytes.contains(where: { $0 == UInt8(ascii: "T") }) && bytes.suffix(64).contains(0x1B) { break }
            usleep(20_000)
        }
        #expect(bytes.count > 1_000, "too little output recorded: \(bytes.count) bytes")
        #expect(TerminalBytes.screenViolations(bytes) == [])
        // The deck's BEL and BS never reach the terminal; (BS could be curses' own cursor motion, so check it is absent
        // next to the text that held it).
        #expect(!bytes.contains(0x07))
        #expect(String(decoding: bytes, as: UTF8.self).contains("belbsX Y"))
        // The alternate screen was left at the end.
        #expect(String(decoding: bytes.suffix(200), as: UTF8.self).contains("\u{1B}[?1049l"))

        let log = try [UInt8](Data(contentsOf: URL(fileURLWithPath: events)))
        #expect(TerminalBytes.textViolations(log) == [])
        let lines = String(decoding: log, as: UTF8.self).split(separator: "\n")
        #expect(lines.count >= 5)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] is String, "\(line)")
        }
        #expect(lines.contains { $0.contains(#""id":"one[6n""#) })
    }

    @Test("odd but legal text renders end to end: ZWJ emoji, combining marks, CJK, a 10 000-character word, 5 000 lines")
    func oddTextOnScreen() throws {
        let word = String(repeating: "w", count: 10_000)
        let lines = (1...5_000).map { "line \($0)" }.joined(separator: "\\n")
        let path = ViewerEndToEndTests.deck(#"""
        [ { "title": "A \#u{1F469}\u200d\#u{1F469}\u200d\#u{1F467} B e\u0301 日本 Z", "caption": "\#(word)", "art": "*", "duration": 30 },
          { "title": "   ", "caption": "\#(lines)", "art": "\#(lines)" } ]
        """#)
        let session = TmuxSession(command: ViewerEndToEndTests.command(path), width: 60, height: 15, recordOutput: true)
        defer { session.close() }
        let first = try #require(session.waitForScreen { Self.titleRow($0).contains("日本") })
        // The family shows its first emoji, the accent stays on its letter, CJK takes two columns each.
        #expect(Self.titleRow(first).hasPrefix(" A \u{1F469} B e\u{301} 日本 Z"), "\(Self.titleRow(first).debugDescription)")
        #expect(Self.titleRow(first).hasSuffix("1/2"))
        // The word is broken across the caption's five lines (a third of 15), composed under the art, and
        // cut with an ellipsis and the key that shows it whole.
        let caption = first.filter { $0.contains("www") }
        #expect(caption.count == 5 && caption.allSatisfy { $0.hasPrefix(" www") }, "\(caption)")
        #expect(caption.last?.hasSuffix("w… more (m)") == true)
        session.send("Right")
        let second = try #require(session.waitForScreen { Self.titleRow($0).hasSuffix("2/2") })
        #expect(Self.titleRow(second).hasPrefix("    "), "a title of only spaces draws blank")
        #expect(second.contains { $0.contains("line 1") })
        #expect(second.last?.hasSuffix("… more (m)") == true)
        session.send("q")
        #expect(session.waitForExit() == 0)
        var bytes: [UInt8] = []
        for _ in 0..<50 where !String(decoding: bytes, as: UTF8.self).contains("\u{1B}[?1049l") {
            usleep(20_000)
            bytes = session.output()
        }
        #expect(TerminalBytes.screenViolations(bytes) == [])
        // No dangling zero-width joiner reaches the terminal to glue itself to the next character.
        #expect(!String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { $0.value == 0x200D })
    }

    static func titleRow(_ screen: [String]) -> String { screen.count > 1 ? screen[1] : "" }
}
