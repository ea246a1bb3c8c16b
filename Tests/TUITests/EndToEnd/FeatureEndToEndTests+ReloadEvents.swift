import Foundation
import Glibc
import Testing

/// A new user's finding: a `--watch` reload that moved the story on screen to another index wrote no event.
extension FeatureEndToEndTests {
    @Test("--watch and --events: a story that moves gets a reload line with its new index; one that goes, end, reload, begin")
    func watchReloadEvents() throws {
        let folder = Self.folder()
        let path = folder + "/deck.json", eventsPath = folder + "/events.jsonl"
        func write(_ ids: [String]) {
            let stories = ids.map { #"{ "id": "\#($0)", "title": "Title \#($0)", "art": "*" }"# }
            let json = #"{ "duration": 30, "stories": [ "# + stories.joined(separator: ", ") + " ] }"
            try? json.write(toFile: path + ".tmp", atomically: false, encoding: .utf8)
            rename(path + ".tmp", path)
        }
        write(["one", "two"])
        let session = TmuxSession(command: ViewerEndToEndTests.command(path, "--watch --events \(TmuxSession.quote(eventsPath))"))
        defer { session.close() }
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Title one") } != nil)
        session.send("Right")
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Title two") && $0[1].hasSuffix("2/2") } != nil)
        write(["zero", "one", "two"])
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Title two") && $0[1].hasSuffix("3/3") } != nil)
        write(["zero", "one"])
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Title one") && $0[1].hasSuffix("2/2") } != nil)
        session.send("q")
        #expect(session.waitForExit() == 0)
        let lines = Self.events(eventsPath).filter { $0["event"] as? String != "ready" }.map { event in
            ["event", "index", "id", "reason", "stories"].compactMap { key in event[key].map { "\(key)=\($0)" } }
                .joined(separator: " ")
        }
        #expect(lines == [
            "event=start index=0 id=one", "event=begin index=0 id=one",
            "event=end index=0 id=one reason=next", "event=begin index=1 id=two",
            "event=reload index=2 id=two stories=3",
            "event=end index=2 id=two reason=reload", "event=reload index=1 id=one stories=2", "event=begin index=1 id=one",
            "event=end index=1 id=one reason=quit", "event=quit",
        ])
    }
}
