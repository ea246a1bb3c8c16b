import Foundation
import Glibc
import Testing

/// Issue 14 items 7 and 12: input that must not quit by accident, and a `q` after it that must quit at once.
/// Before, any unknown escape sequence was read as Esc (which quits), so a paste or a mouse flood quit. Item 12
/// (after a flood of random bytes the first `q` was once swallowed) was not reproduced on 5b1db8c by these floods
/// and tails; the tests hold the promise from now on. Raw bytes go through `Scripts/pty-driver.py` (tmux cannot
/// send bytes that are not UTF-8).
extension ReliabilityEndToEndTests {
    /// Sequences no key table knows, malformed ones, terminal replies nobody asked for, and a CSI over any cap.
    static let unknownSequences = [
        "\u{1B}[99~", "\u{1B}[1;2;3;4;5z", "\u{1B}[?1;2c", "\u{1B}[>0;136;0c", "\u{1B}]0;title\u{07}",
        "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}P1$r0m\u{1B}\\", "\u{1B}_apc\u{1B}\\", "\u{1B}O", "\u{1B}OX",
        "\u{1B}[", "\u{1B}[;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;;A",
        "\u{1B}[" + String(repeating: "1;", count: 3000) + "m", "\u{1B}[57399u", "\u{1B}[200;5;9~", "\u{1B}[I",
        "\u{1B}[O", "\u{1B}[M", "\u{1B}[<", "\u{1B}[<0;1", "\u{1B}\u{1B}[Z",
    ]

    /// Steps for the driver: each text typed, then a pause and a check that the program still runs.
    static func typed(_ texts: [String]) -> [String] {
        texts.flatMap { ["send " + Self.escaped($0), "wait 0.05"] } + ["wait 1", "alive"]
    }

    /// A text as the driver reads it (Python escapes: `\xNN` for every byte outside printable ASCII).
    static func escaped(_ text: String) -> String {
        text.utf8.map { (0x21...0x7E).contains($0) && $0 != 0x5C ? String(UnicodeScalar($0)) : String(format: "\\x%02x", $0) }
            .joined()
    }

    /// The end of every flood test: `q` once, and the program must be gone within 2 s with exit 0.
    static let quitOnce = ["mark", "send q", "wait-exit 2", "alive"]

    static func expectQuitOnce(_ outcome: DriverOutcome, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.waitedFor.isEmpty, "\(label): no first frame", sourceLocation: sourceLocation)
        #expect(outcome.alive.dropLast().allSatisfy { $0 }, "\(label): ended before q: \(outcome.alive)",
                sourceLocation: sourceLocation)
        #expect(outcome.alive.last == false && outcome.status == 0, "\(label): the first q did not quit: \(outcome)",
                sourceLocation: sourceLocation)
        #expect((outcome.exitSeconds ?? 99) < 2, "\(label): \(outcome)", sourceLocation: sourceLocation)
        #expect(outcome.restored, "\(label): the terminal was not given back", sourceLocation: sourceLocation)
    }

    @Test("unknown, malformed and overlong escape sequences do not quit; q then quits at once",
          arguments: ["xterm-256color", "tmux-256color", "screen-256color"])
    func unknownEscapeSequences(term: String) throws {
        let run = ScratchRun(deck: Self.manyStories)
        let outcome = try Self.drive([run.deck], steps: ["wait-output Story 1"] + Self.typed(Self.unknownSequences)
            + Self.quitOnce, term: term)
        Self.expectQuitOnce(outcome, term)
    }

    @Test("a 1 MiB bracketed paste full of q and escape bytes is one event; the first q after it quits")
    func hugePaste() throws {
        let run = ScratchRun(deck: Self.manyStories)
        let paste = run.path("paste")
        var bytes = Array("\u{1B}[200~".utf8)
        // No ^C, ^Z, ^\, ^S or ^Q: the line discipline acts on those before any program sees them.
        let chunk = Array("qqqq \u{1B}[A\u{1B}OM\u{1B} ".utf8) + [0xC3, 0xFF, 0x0A]
        while bytes.count < 1 << 20 { bytes += chunk }
        bytes += Array("\u{1B}[201~".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: paste))
        let outcome = try Self.drive([run.deck], steps: ["wait-output Story 1", "send-file " + paste, "wait 1", "alive"]
            + Self.quitOnce)
        Self.expectQuitOnce(outcome, "paste")
    }

    @Test("a mouse flood (20 000 SGR and X10 motion, wheel and clicks) does not quit; the first q after it quits")
    func mouseFlood() throws {
        let run = ScratchRun(deck: Self.manyStories)
        let flood = run.path("mouse")
        var bytes: [UInt8] = []
        for index in 0..<20_000 {
            let column = 1 + index % 80
            let row = 1 + index % 24
            switch index % 4 {
            case 0: bytes += Array("\u{1B}[<35;\(column);\(row)M".utf8)         // motion, no button
            case 1: bytes += Array("\u{1B}[<\(64 + index % 2);\(column);\(row)M".utf8)  // wheel
            case 2: bytes += [0x1B, 0x5B, 0x4D, 32 + 3, UInt8(32 + column), UInt8(32 + row)]  // X10 release
            // A press and its release in the left half: a click there goes back, and the first story only restarts.
            default: bytes += Array("\u{1B}[<0;\(1 + index % 30);\(row)\(index % 8 == 3 ? "M" : "m")".utf8)
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: flood))
        let outcome = try Self.drive([run.deck], steps: ["wait-output Story 1", "send-file " + flood, "wait 1", "alive"]
            + Self.quitOnce)
        Self.expectQuitOnce(outcome, "mouse")
    }

    @Test("64 KiB of seeded random bytes (split UTF-8 and all) do not quit; the first q after them quits (item 12)",
          arguments: [1, 2, 20_261_130] as [UInt64])
    func randomFlood(seed: UInt64) throws {
        let run = ScratchRun(deck: Self.manyStories)
        let outcome = try Self.drive([run.deck], steps: ["wait-output Story 1", "random \(seed) 65536", "wait 1", "alive"]
            + Self.quitOnce)
        Self.expectQuitOnce(outcome, "seed \(seed)")
    }

    /// Where a flood may stop: inside a UTF-8 character, on a byte no character starts with, inside an escape
    /// sequence or a paste. Once the paste timeout (1 s after the last byte read) has passed, `q` is a key of its
    /// own; the test waits 3 s, as the program may still be reading the flood before the tail.
    static let floodTails = ["\\xc3", "\\xe2\\x82", "\\xf0\\x9f\\x98", "\\xff", "\\x80", "\\x1b[1", "\\x1b[<0;1",
                             "\\x1bO", "\\x1b]0;t", "\\x1b[200~abc"]

    // On 5b1db8c these pass too: the swallowed q of item 12 was not reproduced through them; they hold the promise.
    @Test("a flood that stops inside a character, a sequence or a paste: the first q 3 s later quits",
          arguments: floodTails)
    func floodEndingMidway(tail: String) throws {
        let run = ScratchRun(deck: Self.manyStories)
        let outcome = try Self.drive([run.deck], steps: ["wait-output Story 1", "random 7 4096", "send " + tail, "wait 3",
                                                         "alive"] + Self.quitOnce)
        Self.expectQuitOnce(outcome, "tail \(tail)")
    }
}
