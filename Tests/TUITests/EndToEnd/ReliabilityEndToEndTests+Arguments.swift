import Foundation
import Glibc
import Testing

/// Issue 14 item 6: every argument that reaches a message is cleaned and cut like deck text. Before, bidi
/// controls (U+202E, U+2066) and escape bytes were echoed as they came, a newline split a message into two
/// `stories-tui:` lines, and the `--check` "valid" line did not cut a 200-character path.
extension ReliabilityEndToEndTests {
    /// An argument with a right-to-left override, an isolate, a newline, an escape sequence and 200 letters.
    static let hostileWord = "a\u{202E}b\u{2066}c\nd\u{1B}[31me" + String(repeating: "x", count: 200)

    /// Checks one program's messages: safe bytes, `lines` lines (each a `stories-tui:` message unless
    /// `prefixed` is false), none longer than 300 characters, the 200 letters cut.
    static func expectClean(_ bytes: [UInt8], lines expected: Int, prefixed: Bool = true, _ label: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(TerminalBytes.textViolations(bytes) == [], "\(label)", sourceLocation: sourceLocation)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .dropLast()
        #expect(lines.count == expected, "\(label): \(lines)", sourceLocation: sourceLocation)
        if prefixed {
            #expect(lines.allSatisfy { $0.hasPrefix("stories-tui: ") }, "\(label): \(lines)", sourceLocation: sourceLocation)
        }
        #expect(lines.allSatisfy { $0.count <= 300 }, "\(label): a line of \(lines.map(\.count).max() ?? 0)",
                sourceLocation: sourceLocation)
        #expect(!lines.contains { $0.contains(String(repeating: "x", count: 100)) }, "\(label): not cut",
                sourceLocation: sourceLocation)
    }

    @Test("usage errors quote a hostile argument cleaned, on one line, cut",
          arguments: ["unknown option", "--start", "--duration", "--lang", "extra argument"])
    func hostileArgument(place: String) {
        let run = ScratchRun(deck: Self.threeStories)
        let deck = run.deck
        let arguments: [String]
        switch place {
        case "unknown option": arguments = ["--" + Self.hostileWord, deck]
        case "extra argument": arguments = [deck, Self.hostileWord]
        default: arguments = [place, Self.hostileWord, deck]
        }
        let output = ProcessRunner.run([TmuxSession.binary] + arguments, environment: ["LANG": "C.UTF-8"], timeout: 10)
        #expect(output.status == 64, "\(place): \(output.standardError)")
        // The message, then `Try stories-tui --help`.
        Self.expectClean(output.errorBytes, lines: 2, place)
        #expect(output.outputBytes.isEmpty)
    }

    @Test("the --check valid line names a path with U+202E and 200 letters cleaned and cut")
    func checkValidLine() throws {
        let run = ScratchRun(deck: Self.threeStories)
        let link = run.path("ok\u{202E}" + String(repeating: "x", count: 200) + ".json")
        #expect(symlink(run.deck, link) == 0)
        let output = ProcessRunner.run([TmuxSession.binary, "--check", link], environment: ["LANG": "C.UTF-8"], timeout: 10)
        #expect(output.status == 0, "\(output.standardError)")
        Self.expectClean(output.outputBytes, lines: 1, prefixed: false, "valid line")
        #expect(output.standardOutput.contains("3"), "\(output.standardOutput)")
    }

    @Test("--events and --control paths in a missing folder, and TERM, are quoted cleaned, on one line, cut",
          arguments: ["--events", "--control", "TERM"])
    func hostilePathOrTerminal(place: String) throws {
        let run = ScratchRun(deck: Self.threeStories)
        let missing = run.path("missing/" + Self.hostileWord)
        let arguments = place == "TERM" ? [run.deck] : [place, missing, run.deck]
        let session = run.start(arguments, stderr: "stderr",
                                environment: place == "TERM" ? ["TERM": Self.hostileWord] : [:])
        let code = session.waitForExit()
        #expect(code == (place == "--events" ? 74 : place == "--control" ? 66 : 0), "\(place): exit \(String(describing: code))")
        let bytes = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: run.path("stderr"))))) ?? []
        Self.expectClean(bytes, lines: 1, place)
    }
}
