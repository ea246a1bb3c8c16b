import Foundation
import Testing

/// Kitty pictures by temporary file leave no file behind (docs/IMAGES.md, "Kitty pictures by file"): the real
/// program in tmux with kitty and its files forced (`--images kitty`, `STORIES_TUI_KITTY_TRANSFER=file`, TMPDIR a
/// folder of the test's). tmux reads no file, so every picture's file waits until the program deletes it: one is
/// there while the picture story plays, none after q, after SIGTERM, or with direct forced. Detection itself
/// (kitty's answer) is the model's tests' (`KittyFileSessionTests`): tmux answers no kitty query.
@Suite
struct KittyFileEndToEndTests {
    static let city = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/images/city.jpg").path

    static let deck = ViewerEndToEndTests.deck("""
    { "stories": [
      { "title": "City", "image": \(String(reflecting: city)), "duration": 60 },
      { "title": "Words", "caption": "Only text, no picture.", "duration": 60 }
    ] }
    """)

    /// The files of kitty's in `folder`.
    static func files(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains("tty-graphics-protocol") }
    }

    /// Plays the deck with `transfer` in a fresh TMPDIR until the picture's file is written (or 10 s), ends it by
    /// `end`, and returns the files seen while it played, those left after, and the exit status.
    static func run(transfer: String, end: (TmuxSession) -> Void) throws -> (during: [String], after: [String], status: Int32?) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kfile-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = TmuxSession(command: ViewerEndToEndTests.command(Self.deck, "--images kitty"),
                                  environment: ["TMPDIR": folder.path, "STORIES_TUI_KITTY_TRANSFER": transfer])
        defer { session.close() }
        #expect(session.waitForScreen { $0.joined().contains("City") } != nil, "\(session.screen())")
        var during: [String] = []
        let deadline = Date().addingTimeInterval(transfer == "file" ? 10 : 1.5)
        while Date() < deadline {
            during = files(in: folder)
            if !during.isEmpty { break }
            usleep(50_000)
        }
        end(session)
        let status = session.waitForExit()
        return (during, files(in: folder), status)
    }

    @Test("by file: the picture's file is written while it plays, and q leaves none")
    func quitLeavesNoFile() throws {
        let outcome = try Self.run(transfer: "file") { $0.send("q") }
        #expect(outcome.during.count == 1, "the picture went by file: \(outcome.during)")
        #expect(outcome.after.isEmpty, "left behind: \(outcome.after)")
        #expect(outcome.status == 0)
    }

    @Test("by file: SIGTERM leaves no file either (exit 143)")
    func terminateLeavesNoFile() throws {
        let outcome = try Self.run(transfer: "file") { $0.signal(SIGTERM) }
        #expect(outcome.during.count == 1, "the picture went by file: \(outcome.during)")
        #expect(outcome.after.isEmpty, "left behind: \(outcome.after)")
        #expect(outcome.status == 143)
    }

    @Test("direct forced: no file at all (tmux answers no probe; the probe's file is not made for a forced transmission)")
    func directWritesNoFile() throws {
        let outcome = try Self.run(transfer: "direct") { $0.send("q") }
        #expect(outcome.during.isEmpty && outcome.after.isEmpty, "\(outcome.during) \(outcome.after)")
        #expect(outcome.status == 0)
    }
}
