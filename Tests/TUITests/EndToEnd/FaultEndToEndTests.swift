import Foundation
import Glibc
import Testing

/// Terminal faults through the real binary in tmux (issue 6): extreme sizes and resize storms, signals, Ctrl-Z and
/// `fg`, standard input that is not a terminal, missing or odd TERM, the C locale, and holds whose repeats stop.
@Suite(.serialized)
struct FaultEndToEndTests {
    static let deck = ViewerEndToEndTests.deck("""
    { "duration": 30, "stories": [
      { "id": "dawn", "title": "Dawn", "caption": "The sun comes up over the hills.", "art": "/\\\\\\n\\\\/" },
      { "id": "noon", "title": "Noon", "caption": "Bright and hot.", "art": "*" }
    ] }
    """)

    static func command(_ options: String = "", deck: String = deck) -> String {
        ViewerEndToEndTests.command(deck, options)
    }

    static func eventsPath() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("stories-events-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).jsonl").path
    }

    static func events(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    static func titleRow(_ screen: [String]) -> String { screen.count > 1 ? screen[1] : "" }

    /// The terminal after the program ended: echo and canonical mode on, cursor visible, main screen, no mouse.
    static func expectRestored(_ session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) {
        let settings = session.terminalSettings()
        let words = Set(settings.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        #expect(words.contains("echo") && words.contains("icanon") && !words.contains("-echo") && !words.contains("-icanon"),
                "stty: \(settings)", sourceLocation: sourceLocation)
        #expect(session.format("#{alternate_on}") == "0", sourceLocation: sourceLocation)
        #expect(session.format("#{cursor_flag}") == "1", sourceLocation: sourceLocation)
        #expect(session.format("#{mouse_any_flag}") == "0", sourceLocation: sourceLocation)
    }

    // MARK: Sizes

    @Test("sizes from 1×1 to 500×200 and 200 resizes within 2 s while playing: no crash, right final frame")
    func resizeStorm() throws {
        let session = TmuxSession(command: Self.command())
        defer { session.close() }
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        for (width, height) in [(1, 1), (2, 1), (1, 5), (19, 5), (20, 6), (500, 200), (21, 7), (500, 1), (1, 200)] {
            session.resize(width: width, height: height)
            usleep(60_000)
            #expect(session.programPID().map { kill($0, 0) == 0 } == true, "gone after \(width)×\(height)")
        }
        session.resize(width: 19, height: 5)
        #expect(session.waitForScreen { $0.joined().contains("Terminal") } != nil, "too-small message")
        session.resize(width: 500, height: 200)
        #expect(session.waitForScreen { Self.titleRow($0).hasSuffix("1/2") && Self.titleRow($0).count > 400 } != nil)
        // 200 resizes in about 1.5 s, in batches (one tmux client per batch of 10).
        var random = SystemRandomNumberGenerator()
        let start = Date()
        for _ in 0..<20 {
            var arguments = ["tmux", "-L", session.socket]
            for index in 0..<10 {
                if index > 0 { arguments.append(";") }
                arguments += ["resize-window", "-t", session.name, "-x", "\(Int.random(in: 1...300, using: &random))",
                              "-y", "\(Int.random(in: 1...100, using: &random))"]
            }
            ProcessRunner.run(arguments)
            usleep(60_000)
        }
        #expect(Date().timeIntervalSince(start) < 4)
        session.resize(width: 80, height: 24)
        // Waits for the whole final frame, bar row included: under load tmux may be read between the
        // program's writes, and only a frame that stays wrong is a defect.
        let final = session.waitForScreen {
            $0.count == 24 && Self.titleRow($0).hasPrefix(" Dawn") && Self.titleRow($0).hasSuffix("1/2")
                && $0.joined(separator: "\n").contains("The sun comes up over the hills.")
                && ($0[0].count == 80 || $0[0].count == 79)
        }
        let screen = final ?? session.screen()
        try #require(screen.count == 24, "screen:\n\(screen.joined(separator: "\n"))")
        // No leftovers of other sizes: one title, one caption, the art centred, bars on the top row only.
        #expect(screen.filter { $0.contains("Dawn") }.count == 1)
        #expect(screen.filter { $0.contains("The sun comes up") }.count == 1)
        #expect(screen.contains { $0.trimmingCharacters(in: .whitespaces) == "/\\" })
        #expect(screen[0].count == 80 || screen[0].count == 79, "bar row of \(screen[0].count): \(screen[0])\nscreen:\n\(screen.joined(separator: "\n"))")
        #expect(screen.dropFirst().allSatisfy { !$0.contains("░") })
        session.send("q")
        #expect(session.waitForExit() == 0)
        Self.expectRestored(session)
    }

    // MARK: Signals

    @Test("SIGINT, SIGTERM, SIGHUP and SIGPIPE end with 128+N, the quit event and the terminal restored",
          arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129), (SIGPIPE, 141)] as [(Int32, Int32)])
    func signals(signal: Int32, code: Int32) throws {
        let events = Self.eventsPath()
        defer { unlink(events) }
        let session = TmuxSession(command: Self.command("--events \(TmuxSession.quote(events))"))
        defer { session.close() }
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        #expect(session.format("#{alternate_on}") == "1")
        #expect(session.format("#{mouse_any_flag}") == "1")
        session.signal(signal)
        #expect(session.waitForExit() == code)
        // The program handled the signal itself (a default death would write no quit event).
        let last = Self.events(events).last ?? ""
        #expect(last.hasPrefix(#"{"t":"#) && last.hasSuffix(#","event":"quit"}"#), "\(Self.events(events))")
        Self.expectRestored(session)
    }

    @Test("a crash (SIGSEGV, SIGILL, SIGABRT) restores the terminal, says so on stderr and never waits for a debugger",
          arguments: [SIGSEGV, SIGILL, SIGABRT] as [Int32])
    func crash(signal: Int32) throws {
        let errors = Self.eventsPath()
        defer { unlink(errors) }
        let session = TmuxSession(command: Self.command() + " 2>" + TmuxSession.quote(errors))
        defer { session.close() }
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        session.signal(signal)
        #expect(session.waitForExit(timeout: 5) == 128 + signal, "ended by the signal itself, at once")
        Self.expectRestored(session)
        #expect(Self.events(errors).first?.hasPrefix("stories-tui: internal error") == true, "\(Self.events(errors))")
    }

    @Test("a quit signal wins within 100 ms even while the loop is blocked writing to a terminal that stopped reading",
          arguments: [SIGTERM, SIGINT] as [Int32])
    func stalledTerminal(signal: Int32) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Scripts/stalled-terminal.py").path
        let output = ProcessRunner.run(["python3", script, TmuxSession.binary, Self.deck, "\(signal)"], timeout: 20)
        let fields = Dictionary(uniqueKeysWithValues: output.standardOutput.split(whereSeparator: \.isWhitespace)
            .compactMap { pair -> (String, String)? in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            })
        #expect(fields["blocked"] == "1", "the program never blocked: \(output.standardOutput) \(output.standardError)")
        #expect(fields["status"] == "\(128 + signal)")
        // 100 ms is the promise; a loaded machine may add scheduling delay to the measurement itself.
        #expect((Double(fields["seconds"] ?? "") ?? 9) < 0.3, "\(output.standardOutput)")
    }

    /// An interactive shell in the pane, so that the program runs as a job in its own process group (Ctrl-C and
    /// Ctrl-Z reach it, not the wrapper), and a way to read back what the shell saw.
    final class Shell {
        let session = TmuxSession(command: "bash --norc --noprofile -i", environment: ["PS1": "prompt$ "])
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("stories-shell-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")

        init() {
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = session.waitForScreen { $0.joined().contains("prompt$") }
        }

        deinit {
            session.close()
            try? FileManager.default.removeItem(at: folder)
        }

        func run(_ line: String) {
            session.type(line)
            session.send("Enter")
        }

        /// Whether the last non-empty line is the prompt.
        func atPrompt() -> Bool {
            session.waitForScreen { $0.last { !$0.isEmpty }?.hasPrefix("prompt$") == true } != nil
        }

        /// Runs a shell command line with its output sent to a file, and returns the output.
        func output(of line: String) -> String {
            let file = folder.appendingPathComponent("out-\(UInt32.random(in: 0...UInt32.max))").path
            run("{ \(line); } > \(TmuxSession.quote(file)).tmp 2>&1; mv \(TmuxSession.quote(file)).tmp \(TmuxSession.quote(file))")
            for _ in 0..<250 {
                if let text = try? String(contentsOfFile: file, encoding: .utf8) { return text }
                usleep(20_000)
            }
            return ""
        }

        /// `stty -a` says echo and canonical mode are on.
        func terminalIsSane() -> Bool {
            let words = Set(output(of: "stty -a").split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
            return words.contains("echo") && words.contains("icanon") && !words.contains("-echo") && !words.contains("-icanon")
        }
    }

    @Test("Ctrl-C quits with 130 and restores the terminal")
    func controlC() throws {
        let shell = Shell()
        shell.run(Self.command())
        #expect(shell.session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        shell.session.send("C-c")
        #expect(shell.atPrompt(), "\(shell.session.screen())")
        #expect(shell.output(of: "echo $?").trimmingCharacters(in: .whitespacesAndNewlines) == "130")
        #expect(shell.terminalIsSane())
        #expect(shell.session.format("#{alternate_on}") == "0")
        #expect(shell.session.format("#{cursor_flag}") == "1")
        #expect(shell.session.format("#{mouse_any_flag}") == "0")
    }

    @Test("closing the terminal (tmux kill-pane) ends the program: quit event, no process left")
    func hangup() throws {
        let events = Self.eventsPath()
        defer { unlink(events) }
        let session = TmuxSession(command: Self.command("--events \(TmuxSession.quote(events))"))
        defer { session.close() }
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        let pid = try #require(session.programPID())
        ProcessRunner.run(["tmux", "-L", session.socket, "kill-pane", "-t", session.name])
        /// Running, or a zombie nobody reaped yet (a container's init may not): only the state tells.
        func alive() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return !stat[stat.index(after: close)...].hasPrefix(" Z")
        }
        let end = Date().addingTimeInterval(2)
        while alive() && Date() < end { usleep(20_000) }
        #expect(!alive(), "the program outlived its terminal")
        #expect(Self.events(events).last?.contains(#""event":"quit""#) == true, "\(Self.events(events))")
    }

    @Test("Ctrl-Z gives the shell a sane terminal; fg redraws; q then exits 0")
    func suspendAndResume() throws {
        let shell = Shell()
        let session = shell.session
        shell.run(Self.command())
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        #expect(session.format("#{alternate_on}") == "1")
        session.send("C-z")
        #expect(session.waitForScreen { $0.contains { $0.contains("Stopped") } } != nil, "\(session.screen())")
        #expect(shell.atPrompt())
        #expect(session.format("#{alternate_on}") == "0")
        #expect(session.format("#{cursor_flag}") == "1")
        #expect(session.format("#{mouse_any_flag}") == "0")
        #expect(shell.terminalIsSane())
        shell.run("fg")
        let redrawn = session.waitForScreen {
            Self.titleRow($0).contains("Dawn") && $0.joined().contains("The sun comes up over the hills.")
                && !$0.joined().contains("prompt$")
        }
        #expect(redrawn != nil, "\(session.screen())")
        #expect(session.format("#{alternate_on}") == "1")
        #expect(session.format("#{mouse_any_flag}") == "1")
        // Still playing: the bar moves.
        let before = session.screen().first ?? ""
        #expect(session.waitForScreen(timeout: 3) { ($0.first ?? "") != before } != nil)
        // Twice more, to be sure the handler is back after each resume.
        for _ in 0..<2 {
            session.send("C-z")
            #expect(shell.atPrompt())
            #expect(session.format("#{alternate_on}") == "0")
            shell.run("fg")
            #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") && !$0.joined().contains("prompt$") } != nil)
        }
        session.send("q")
        #expect(shell.atPrompt())
        #expect(shell.output(of: "echo $?").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(shell.terminalIsSane())
        #expect(session.format("#{alternate_on}") == "0")
        #expect(session.format("#{cursor_flag}") == "1")
        #expect(session.format("#{mouse_any_flag}") == "0")
    }

    // MARK: Input and environment

    @Test("standard input from /dev/null or closed: keys come from the terminal", arguments: ["< /dev/null", "<&-"])
    func standardInputNotATerminal(redirect: String) throws {
        let session = TmuxSession(command: Self.command() + " " + redirect)
        defer { session.close() }
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil, "\(session.screen())")
        session.send("Right")
        #expect(session.waitForScreen { Self.titleRow($0).contains("Noon") } != nil)
        session.send("q")
        #expect(session.waitForExit() == 0)
        Self.expectRestored(session)
    }

    @Test("TERM unset, unknown or dumb: a message and plain text, never escape sequences",
          arguments: [("unset", nil), ("nosuchterm", "nosuchterm"), ("dumb", "dumb")] as [(String, String?)])
    func terminalTypes(label: String, term: String?) throws {
        let session = TmuxSession(command: Self.command(), environment: term.map { ["TERM": $0] } ?? [:],
                                  unset: term == nil ? ["TERM"] : [], recordOutput: true)
        defer { session.close() }
        #expect(session.waitForExit() == 0)
        let screen = session.screen().joined(separator: "\n")
        #expect(screen.contains("[1/2] Dawn"), "\(label): \(screen)")
        #expect(screen.contains("Bright and hot."))
        if term != "dumb" {
            #expect(screen.contains("stories-tui: "), "\(label): a message says why the screen is plain")
        }
        var bytes: [UInt8] = []
        for _ in 0..<50 where !String(decoding: bytes, as: UTF8.self).contains("Bright and hot.") {
            usleep(20_000)
            bytes = session.output()
        }
        #expect(!bytes.contains(0x1B), "\(label): escape sequences in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        #expect(TerminalBytes.screenViolations(bytes) == [])
        Self.expectRestored(session)
    }

    @Test("LANG unset (C locale): ASCII drawing, only 7-bit bytes written")
    func cLocale() throws {
        let deck = ViewerEndToEndTests.deck(#"[{"title": "Café 日本 👩‍👩‍👧", "caption": "naïve →", "art": "*", "duration": 30}]"#)
        let session = TmuxSession(command: Self.command(deck: deck), unset: ["LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES"],
                                  recordOutput: true)
        defer { session.close() }
        // Spelled in ASCII: accents dropped, an arrow as ->, what ASCII cannot spell as ~ (never ?).
        let screen = try #require(session.waitForScreen { Self.titleRow($0).contains("Cafe ~~~~ ~~") })
        #expect(screen[0].contains("-") || screen[0].contains("#"), "\(screen[0])")
        #expect(screen.joined().contains("naive ->"))
        #expect(!screen.joined().contains("?"))
        session.send("q")
        #expect(session.waitForExit() == 0)
        let bytes = session.output()
        #expect(bytes.count > 100)
        #expect(bytes.allSatisfy { $0 < 0x80 }, "non-ASCII bytes in the C locale")
        #expect(TerminalBytes.screenViolations(bytes) == [])
        Self.expectRestored(session)
    }

    // MARK: Holds

    @Test("a hold whose repeats stop early (one repeat, then nothing) resumes on its own")
    func holdNeverSticks() throws {
        let deck = ViewerEndToEndTests.deck(#"[{"title": "Held", "caption": "c", "art": "*", "duration": 8}, {"title": "Next"}]"#)
        let session = TmuxSession(command: Self.command(deck: deck))
        defer { session.close() }
        #expect(session.waitForScreen { Self.titleRow($0).contains("Held") } != nil)
        usleep(300_000)
        // A press, the initial repeat delay, a few repeats, then the repeats stop (focus lost, key dropped).
        session.send("Space")
        usleep(400_000)
        for _ in 0..<3 {
            session.send("Space")
            usleep(40_000)
        }
        let frozen = session.screen()
        // How soon it resumes is the hold detector's bound (its model tests pin it with hand-written times);
        // here only that it does, with room for a loaded machine.
        let moving = session.waitForScreen(timeout: 6) {
            ($0.first ?? "") != (frozen.first ?? "") && !Self.titleRow($0).contains("Paused")
        }
        #expect(moving != nil, "still paused: \(session.screen())")
        // And it keeps playing.
        let later = session.screen().first ?? ""
        #expect(session.waitForScreen(timeout: 2) { ($0.first ?? "") != later } != nil)
    }
}
