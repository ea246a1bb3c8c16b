import Foundation
import Glibc
import Testing

/// Links and gradients through the real binary in tmux (docs/VIEWER.md, "Links" and "Gradients").
@Suite(.serialized)
struct LinkGradientEndToEndTests {
    typealias E = ViewerEndToEndTests

    /// The bytes the session wrote, once the program has exited and pipe-pane's `cat` caught up.
    static func recorded(_ session: TmuxSession, containing marker: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        for _ in 0..<100 {
            bytes = session.output()
            if bytes.firstRange(of: marker) != nil { break }
            usleep(20_000)
        }
        return bytes
    }

    @Test("a link: its short form on screen under the caption, written inside an OSC 8 hyperlink to the whole address")
    func linkIsHyperlink() throws {
        let deck = E.deck(#"[{"title": "Trip", "caption": "Photos from the coast.", "link": "https://example.com/trip/day-1?ref=deck#top"}]"#)
        let session = TmuxSession(command: E.command(deck, "--no-autoplay"), recordOutput: true)
        defer { session.close() }
        let screen = try #require(session.waitForScreen { $0.contains { $0.contains("example.com/trip/day-1") } })
        let caption = try #require(screen.firstIndex { $0.contains("Photos from the coast.") })
        #expect(screen[caption + 1].trimmingCharacters(in: .whitespaces) == "example.com/trip/day-1")
        // tmux 3.3a keeps no hyperlinks in its screen: the bytes the program wrote show the sequence.
        let open = Array("\u{1B}]8;;https://example.com/trip/day-1?ref=deck#top\u{1B}\\".utf8)
        let bytes = Self.recorded(session, containing: open)
        let start = try #require(bytes.firstRange(of: open), "no OSC 8 open in \(bytes.count) bytes")
        let rest = Array(bytes[start.upperBound...])
        let close = try #require(rest.firstRange(of: Array("\u{1B}]8;;\u{1B}\\".utf8)))
        let inside = String(decoding: rest[..<close.lowerBound], as: UTF8.self)
        // The link's cells again, after their attributes (SGR sequences), and nothing else.
        let text = inside.replacingOccurrences(of: #"\x1B\[[0-9;:]*m|\x0E|\x0F"#, with: "", options: .regularExpression)
        #expect(text == "example.com/trip/day-1")
        session.send("q")
        #expect(session.waitForExit() == 0)
        // Nothing but curses' own sequences and well-formed hyperlinks (printable ASCII up to ST).
        let all = Self.recorded(session, containing: Array("\u{1B}[?1049l".utf8))
        #expect(TerminalBytes.screenViolations(all, hyperlinks: true) == [])
        #expect(!TerminalBytes.screenViolations(all).isEmpty, "without hyperlinks allowed, the OSC 8 is flagged")
    }

    @Test("bar steps after a link's write land on the bar row: the cursor went back where curses believes it is")
    func barStepsAfterLink() throws {
        let deck = E.deck(#"[{"title": "Trip", "caption": "Photos.", "link": "https://example.com/a", "duration": 4}, {"title": "Next", "art": "*"}]"#)
        for term in ["tmux-256color", "vt100"] {
            let session = TmuxSession(command: E.command(deck), environment: ["TERM": term])
            defer { session.close() }
            let first = try #require(session.waitForScreen { $0.contains { $0.contains("example.com/a") } }, "\(term)")
            // Wait until the bar has moved on by many steps, then read the whole screen again.
            let later = try #require(session.waitForScreen(timeout: 10) { screen in
                (screen.first ?? "").filter { "█▉▊▋▌▍▎▏#=".contains($0) }.count >= 12
            }, "\(term)")
            #expect(later.count == first.count)
            for (row, (before, after)) in zip(first, later).enumerated() where row > 0 {
                #expect(before == after, "\(term): row \(row) changed: \(before.debugDescription) → \(after.debugDescription)")
            }
            let bar = later.first ?? ""
            #expect(bar.allSatisfy { " █▉▊▋▌▍▎▏░▒#=-".contains($0) }, "\(term): \(bar)")
            // In place, too: the margin first, then the current segment's fill from its start, one
            // partial cell, its track (a carriage return once went out late and bar steps landed at column 0).
            #expect(bar.first == " ", "\(term): \(bar)")
            if term == "tmux-256color" {
                #expect(bar.range(of: #"^ █+[▉▊▋▌▍▎▏]?░*( ░+)?\s*$"#, options: .regularExpression) != nil, "\(term): \(bar)")
            }
            session.send("q")
            #expect(session.waitForExit() == 0)
        }
    }

    @Test("a link in plain mode is printed whole; a javascript: link is a --check problem (65)")
    func plainAndCheck() {
        let deck = E.deck(#"[{"title": "T", "caption": "C", "link": "mailto:ana@example.com?subject=hola"}]"#)
        let plain = ProcessRunner.run([TmuxSession.binary, "--plain", deck])
        #expect(plain.status == 0)
        #expect(plain.standardOutput.contains("C\nmailto:ana@example.com?subject=hola\n"))
        let bad = E.deck(#"[{"title": "T", "link": "javascript:alert(1)"}]"#)
        let check = ProcessRunner.run([TmuxSession.binary, "--check", bad], environment: ["LANG": "C.UTF-8"])
        #expect(check.status == 65)
        #expect(check.standardError.contains(":1:25: error: [0].link: must be an http://, https:// or mailto: link"))
    }

    /// The background colour at the end of each row of a styled capture: tmux writes only changes, so the
    /// colour a row starts in is the one the rows above left (`0m` and `49` reset it).
    static func backgrounds(_ styled: [String]) -> [String] {
        var current = ""
        return styled.map { line in
            for match in line.matches(of: /\e\[([0-9;:]*)m/) {
                let parts = match.output.1.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                var index = 0
                while index < parts.count {
                    let part = parts[index]
                    if part == "" || part == "0" || part == "49" { current = "" }
                    if part.hasPrefix("48:") { current = part }
                    if part == "48" {
                        let width = parts.count > index + 1 && parts[index + 1] == "2" ? 5 : 3
                        current = parts[index..<min(parts.count, index + width)].joined(separator: ";")
                        index += width - 1
                    }
                    index += 1
                }
            }
            return current
        }
    }

    @Test("a gradient story's rows change colour from top to bottom, in truecolour and in 256 colours")
    func gradientRows() throws {
        let deck = E.deck(##"[{"title": "Sunset", "caption": "Orange to purple.", "background": ["#ff8a00", "#e52e71", "#3a1c71"]}]"##)
        for colorTerm in ["truecolor", nil] {
            let session = TmuxSession(command: E.command(deck, "--no-autoplay"), width: 60, height: 20,
                                      environment: colorTerm.map { ["COLORTERM": $0] } ?? [:])
            defer { session.close() }
            let styled = try #require(session.waitForScreen(styled: true) { screen in
                Self.backgrounds(screen).count == 20 && Set(Self.backgrounds(screen)).count > 4
            }, "\(colorTerm ?? "256")")
            let rows = Self.backgrounds(styled)
            // Every row has a background of its own colour; neighbours are equal or change, and the
            // colours never come back once left (a gradient, not noise).
            #expect(rows.allSatisfy { !$0.isEmpty }, "\(rows)")
            var seen: [String] = []
            for row in rows where row != seen.last { seen.append(row) }
            #expect(Set(seen).count == seen.count, "\(rows)")
            #expect(seen.count >= (colorTerm == nil ? 5 : 15), "\(colorTerm ?? "256"): \(seen)")
            session.send("q")
            #expect(session.waitForExit() == 0)
        }
    }

    /// The colour codes of a styled capture: each SGR parameter list's colour parts (`38;5;N`, `48;2;R;G;B`,
    /// `31`, `97`…), as tmux writes them back.
    static func colourCodes(_ screen: [String]) -> Set<String> {
        var codes: Set<String> = []
        for line in screen {
            var rest = Substring(line)
            while let start = rest.range(of: "\u{1B}[") {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "m") else { break }
                var parts = rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                rest = rest[rest.index(after: end)...]
                while !parts.isEmpty {
                    let part = parts.removeFirst()
                    if part == "38" || part == "48", let kind = parts.first {
                        let count = kind == "5" ? 2 : kind == "2" ? 4 : 1
                        codes.insert(([part] + parts.prefix(count)).joined(separator: ";"))
                        parts.removeFirst(min(count, parts.count))
                    } else if let number = Int(part), (30...49).contains(number) || (90...107).contains(number) {
                        codes.insert(part)
                    }
                }
            }
        }
        return codes
    }

    @Test("--colors 16 and 8 hold for the whole screen, a gradient and its text too, not only for pictures",
          arguments: [(16, "tmux-256color"), (8, "xterm-256color"), (8, "tmux-256color")])
    func forcedDepthHoldsForTheLayout(colors: Int, term: String) throws {
        let deck = E.deck(##"[{"title": "Sunset", "caption": "Orange to purple.", "background": ["#ff8a00", "#e52e71", "#3a1c71"], "accent": "#00aaff"}]"##)
        let session = TmuxSession(command: E.command(deck, "--no-autoplay --colors \(colors)"), width: 60, height: 20,
                                  environment: ["TERM": term])
        defer { session.close() }
        // tmux has no 16-colour description: there the backend must map into 16 itself.
        let styled = try #require(session.waitForScreen(styled: true) { screen in
            screen.contains { $0.contains("Sunset") } && !Self.colourCodes(screen).isEmpty
        }, "\(term)")
        let codes = Self.colourCodes(styled)
        for code in codes {
            let parts = code.split(separator: ";").compactMap { Int($0) }
            if parts.count == 3, parts[1] == 5 {
                #expect(parts[2] < colors, "palette colour \(code) beyond \(colors) in \(codes.sorted())")
            } else if parts.count > 1 {
                Issue.record("an RGB colour \(code) with --colors \(colors): \(codes.sorted())")
            } else if let number = parts.first {
                #expect(colors == 16 || (30...49).contains(number), "bright colour \(code) with --colors 8")
            }
        }
        session.send("q")
        #expect(session.waitForExit() == 0)
    }
}
