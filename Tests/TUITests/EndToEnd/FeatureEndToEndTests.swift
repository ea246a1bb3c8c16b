import Foundation
import Glibc
import Testing

/// Issue 4's features through the real binary: check, events, control, watch, story list, Spanish.
@Suite(.serialized)
struct FeatureEndToEndTests {
    typealias E = ViewerEndToEndTests

    static let groupsDeck = E.deck("""
    { "duration": 30, "groups": [
      { "title": "Ana", "stories": [ { "id": "a1", "title": "Coffee", "art": "*" }, { "id": "a2", "title": "Train", "art": "*" } ] },
      { "title": "Ben", "stories": [ { "id": "b1", "title": "Cat", "art": "*" }, { "id": "b2", "title": "Rain", "art": "*" } ] }
    ] }
    """)

    static func folder() -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("stories-feature-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func events(_ path: String) -> [[String: Any]] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    static let badDeck = E.deck("""
    { "stories": [
      { "title": "One", "duraton": 3 },
      { "title": "Two", "duration": -1 },
      { "caption": "x", "theme": "blue" }
    ] }
    """)

    @Test("--check prints every problem with its path and line, and exits 65")
    func checkEnglish() {
        let result = ProcessRunner.run([TmuxSession.binary, "--check", Self.badDeck], environment: ["LANG": "C.UTF-8"])
        #expect(result.status == 65)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        // The editor form: PATH:LINE:COLUMN: error: MESSAGE, which quickfix lists read from the line's start.
        #expect(lines.allSatisfy { $0.hasPrefix(Self.badDeck + ":") && $0.contains(": error: ") }, "\(lines)")
        #expect(lines[0].contains("stories[0].duraton") && lines[0].contains("did you mean") && lines[0].contains("duration"))
        #expect(lines[1].contains("stories[1].duration: must be greater than 0 (got -1)"))
        #expect(lines[2].hasPrefix(Self.badDeck + ":4:") && lines[2].contains("stories[2].theme"))
    }

    @Test("--check speaks Spanish with LANG=es_ES.UTF-8 and with --lang es")
    func checkSpanish() {
        for (arguments, environment) in [([String](), ["LANG": "es_ES.UTF-8"]), (["--lang", "es"], ["LANG": "C.UTF-8"])] {
            let result = ProcessRunner.run([TmuxSession.binary, "--check"] + arguments + [Self.badDeck], environment: environment)
            #expect(result.status == 65)
            #expect(result.standardError.contains("stories[1].duration: debe ser mayor que 0 (recibido -1)"))
            #expect(result.standardError.contains(Self.badDeck + ":4:"))
        }
    }

    @Test("--check of a valid deck exits 0")
    func checkValid() {
        let result = ProcessRunner.run([TmuxSession.binary, "--check", Self.groupsDeck])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
    }

    @Test("the events file of a scripted run: begin/end pairs, reasons, causes, finish, consistent times")
    func eventsFile() throws {
        let folder = Self.folder()
        let deck = E.deck(#"[ { "id": "a", "title": "A", "art": "*", "duration": 0.6 }, { "id": "b", "title": "B", "art": "*", "duration": 30 }, { "id": "c", "title": "C", "art": "*", "duration": 0.4 } ]"#)
        let eventsPath = folder + "/events.jsonl"
        let session = TmuxSession(command: E.command(deck, "--events \(TmuxSession.quote(eventsPath))"))
        defer { session.close() }
        // A plays out by itself (timer); on B, pause with p, resume, then → to C, which finishes.
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("B") && $0[1].hasSuffix("2/3") } != nil)
        session.send("p")
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Paused") } != nil)
        session.send("p")
        #expect(session.waitForScreen { $0.count > 1 && !$0[1].contains("Paused") } != nil)
        session.send("Right")
        #expect(session.waitForExit() == 0)
        let events = Self.events(eventsPath)
        let names = events.map { $0["event"] as? String ?? "?" }
        #expect(names == ["ready", "start", "begin", "end", "begin", "suspend", "resume", "end", "begin", "end", "finish"])
        #expect(events[3]["reason"] as? String == "timer")
        #expect(events[5]["cause"] as? String == "toggle")
        #expect(events[7]["reason"] as? String == "next")
        #expect(events[9]["reason"] as? String == "timer")
        #expect(events[8]["id"] as? String == "c" && events[8]["index"] as? Int == 2)
        let times = events.compactMap { $0["t"] as? Double }
        #expect(times == times.sorted())
        // A lasted its 0.6 s exactly, and C its 0.4 s (stamped at the deadline, not the wake-up).
        #expect(abs((times[3] - times[2]) - 0.6) < 0.0015)
        #expect(abs((times[9] - times[8]) - 0.4) < 0.0015)
    }

    @Test("a control FIFO drives next, goto and quit; a writer may reconnect; unknown lines are reported")
    func controlFIFO() throws {
        let folder = Self.folder()
        let fifo = folder + "/control"
        let eventsPath = folder + "/events.jsonl"
        let session = TmuxSession(command: E.command(Self.groupsDeck,
            "--control \(TmuxSession.quote(fifo)) --events \(TmuxSession.quote(eventsPath))"))
        defer { session.close() }
        #expect(session.waitForScreen { $0.joined().contains("Coffee") } != nil)
        func send(_ line: String) {
            // Each command opens, writes and closes the FIFO, like `echo next > fifo`.
            let descriptor = open(fifo, O_WRONLY | O_NONBLOCK)
            guard descriptor >= 0 else { Issue.record("cannot open the FIFO"); return }
            _ = (line + "\n").withCString { write(descriptor, $0, strlen($0)) }
            close(descriptor)
        }
        send("next")
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Train") } != nil)
        send("goto b2")
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Rain") && $0[1].contains("Ben") } != nil)
        send("dance")
        send("goto 1")
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Coffee") } != nil)
        send("quit")
        #expect(session.waitForExit() == 0)
        let events = Self.events(eventsPath)
        #expect(events.contains { $0["event"] as? String == "error" && ($0["message"] as? String)?.contains("dance") == true })
        #expect(events.last?["event"] as? String == "quit")
    }

    @Test("a watched deck edited three times (valid, invalid, valid) keeps its position")
    func watch() throws {
        let folder = Self.folder()
        let path = folder + "/deck.json"
        func write(_ titles: [String]) {
            let stories = titles.enumerated().map { #"{ "id": "s\#($0.offset)", "title": "\#($0.element)", "art": "*" }"# }
            let json = #"{ "duration": 30, "stories": [ "# + stories.joined(separator: ", ") + " ] }"
            // Editors write a new file and rename it over the old one.
            try? json.write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
            rename(path + ".tmp", path)
        }
        write(["One", "Two", "Three"])
        let session = TmuxSession(command: E.command(path, "--watch"))
        defer { session.close() }
        #expect(session.waitForScreen { $0.joined().contains("One") } != nil)
        session.send("Right")
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Two") } != nil)
        write(["One", "Second", "Three", "Four"])
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Second") && $0[1].hasSuffix("2/4") } != nil)
        try? "{ \"stories\": [ ".write(toFile: path, atomically: false, encoding: .utf8)
        // The problem wraps over the bottom rows, so that its location shows.
        let broken = session.waitForScreen { $0.suffix(3).joined().contains("Reload failed") }
        #expect(broken != nil)
        #expect(broken?[1].contains("Second") == true, "the last good deck stays on screen")
        write(["One", "Deux", "Three"])
        #expect(session.waitForScreen {
            $0.count > 1 && $0[1].contains("Deux") && $0[1].hasSuffix("2/3") && !$0.joined().contains("Reload failed")
        } != nil)
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("the story list jumps to a story in another group")
    func storyListJump() throws {
        let session = TmuxSession(command: E.command(Self.groupsDeck))
        defer { session.close() }
        #expect(session.waitForScreen { $0.joined().contains("Coffee") } != nil)
        session.send("Tab")
        let list = try #require(session.waitForScreen { $0.joined().contains("Stories") && $0.joined().contains("Rain") })
        #expect(list.contains { $0.contains("Ana") })
        #expect(list.contains { $0.contains("▶ ") && $0.contains("1. Coffee") })
        session.send("Down")
        session.send("Down")
        session.send("Down")
        session.send("Enter")
        let screen = try #require(session.waitForScreen { $0.count > 1 && $0[1].contains("Rain") })
        #expect(screen[1].hasSuffix("Ben · 2/2"))
        #expect(!screen.joined().contains("Stories"))
        // Two segments: Ben's stories only.
        #expect(E.bars(screen).split(separator: " ").count == 2)
    }

    @Test("LANG=es_ES.UTF-8 shows Spanish on screen")
    func spanishScreen() throws {
        let session = TmuxSession(command: E.command(Self.groupsDeck), environment: ["LANG": "es_ES.UTF-8"])
        defer { session.close() }
        #expect(session.waitForScreen { $0.joined().contains("Coffee") } != nil)
        session.send("p")
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("En pausa") } != nil)
        session.send("?")
        #expect(session.waitForScreen { $0.joined().contains("Teclas") && $0.joined().contains("historia siguiente") && $0.joined().contains("ratón") } != nil)
    }
}
