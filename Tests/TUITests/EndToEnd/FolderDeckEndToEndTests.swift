import Foundation
import Glibc
import Testing

/// Decks without JSON through the real binary: a folder of generated pictures and a Markdown deck play in tmux,
/// `--watch` follows a folder, `--print-deck` round-trips through `--check`, and the wrong file says what it is.
@Suite(.serialized)
struct FolderDeckEndToEndTests {
    static func titleRow(_ screen: [String]) -> String { screen.count > 1 ? screen[1] : "" }

    /// A scratch folder of three generated pictures (and files that are not stories).
    static func pictureFolder() throws -> String {
        let folder = FeatureEndToEndTests.folder()
        let pictures: [(String, UInt8, UInt8, UInt8)] = [
            ("10_the-harbour.png", 20, 60, 200), ("2_the_beach.png", 230, 200, 90), ("1-sunrise.png", 250, 120, 40),
        ]
        for (name, red, green, blue) in pictures {
            try GeneratedPicture.png(width: 32, height: 24, red: red, green: green, blue: blue)
                .write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        try GeneratedPicture.png(width: 4, height: 4, red: 0, green: 0, blue: 0)
            .write(to: URL(fileURLWithPath: folder + "/.hidden.png"))
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        return folder
    }

    @Test("a folder of generated pictures plays in natural order, each titled by its name")
    func folderPlays() throws {
        let folder = try Self.pictureFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = TmuxSession(command: ViewerEndToEndTests.command(folder, "--no-autoplay"))
        defer { session.close() }
        let first = session.waitForScreen { Self.titleRow($0).contains("1 sunrise") }
        #expect(first != nil, "\(session.screen())")
        #expect(first.map { Self.titleRow($0).contains("1/3") } == true, "\(first ?? [])")
        session.send("Right")
        #expect(session.waitForScreen { Self.titleRow($0).contains("2 the beach") } != nil, "\(session.screen())")
        session.send("Right")
        #expect(session.waitForScreen { Self.titleRow($0).contains("10 the harbour") } != nil, "\(session.screen())")
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("--watch on a folder sees pictures added, removed and renamed, keeping the story shown by its file")
    func folderWatch() throws {
        let folder = try Self.pictureFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let session = TmuxSession(command: ViewerEndToEndTests.command(folder, "--no-autoplay --watch"))
        defer { session.close() }
        #expect(session.waitForScreen { Self.titleRow($0).contains("1 sunrise") } != nil, "\(session.screen())")
        session.send("Right")
        #expect(session.waitForScreen { Self.titleRow($0).contains("2 the beach") && $0[1].contains("2/3") } != nil)
        // A picture sorted before the one shown: the same story stays, one place further on.
        try GeneratedPicture.png(width: 8, height: 8, red: 9, green: 9, blue: 9)
            .write(to: URL(fileURLWithPath: folder + "/0 first.png"))
        #expect(session.waitForScreen { Self.titleRow($0).contains("2 the beach") && $0[1].contains("3/4") } != nil,
                "\(session.screen())")
        try FileManager.default.removeItem(atPath: folder + "/10_the-harbour.png")
        #expect(session.waitForScreen { Self.titleRow($0).contains("2 the beach") && $0[1].contains("3/3") } != nil,
                "\(session.screen())")
        // A rename moves that picture to its new place in the order; the story shown stays.
        #expect(rename(folder + "/1-sunrise.png", folder + "/z_last.png") == 0)
        #expect(session.waitForScreen { Self.titleRow($0).contains("2 the beach") && $0[1].contains("2/3") } != nil,
                "\(session.screen())")
        session.send("Right")
        #expect(session.waitForScreen { Self.titleRow($0).contains("z last") && $0[1].contains("3/3") } != nil,
                "\(session.screen())")
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    static let markdown = """
    <!-- title: Weekend -->

    ---
    # Saturday

    We walked to the *old* harbour.

    ---
    # Sunday

    ```
    \\o/
    ```
    <!-- duration: 30 -->
    """

    @Test("a Markdown deck plays: heading as title, paragraphs as caption, a code block as art; r reloads it")
    func markdownPlays() throws {
        let folder = FeatureEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let deck = folder + "/weekend.md"
        try Self.markdown.write(toFile: deck, atomically: true, encoding: .utf8)
        let session = TmuxSession(command: ViewerEndToEndTests.command(deck, "--no-autoplay"))
        defer { session.close() }
        let first = session.waitForScreen { $0.joined().contains("Saturday") }
        #expect(first?.joined().contains("We walked to the old harbour.") == true, "\(session.screen())")
        session.send("Right")
        let second = session.waitForScreen { Self.titleRow($0).contains("Sunday") }
        #expect(second?.contains { $0.contains("\\o/") } == true, "\(session.screen())")
        try Self.markdown.replacingOccurrences(of: "# Sunday", with: "# Monday")
            .write(toFile: deck, atomically: true, encoding: .utf8)
        session.send("r")
        #expect(session.waitForScreen { Self.titleRow($0).contains("Monday") } != nil, "\(session.screen())")
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    @Test("--print-deck of a folder and of a Markdown deck prints JSON that --check accepts in their place")
    func printDeckRoundTrip() throws {
        let folder = try Self.pictureFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.markdown.write(toFile: folder + "/weekend.md", atomically: true, encoding: .utf8)
        for (source, target) in [(folder, "stories.json"), (folder + "/weekend.md", "weekend.json")] {
            let printed = ProcessRunner.run([TmuxSession.binary, "--print-deck", source])
            #expect(printed.status == 0, "\(printed.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(printed.standardOutput.utf8)) as? [String: Any]
            // The schema it names is a file on this machine (the checkout's, for a binary built here).
            let schema = object?["$schema"] as? String ?? ""
            #expect(schema.hasPrefix("file:///"), "\(schema)")
            #expect(FileManager.default.fileExists(atPath: String(schema.dropFirst("file://".count))), "\(schema)")
            try printed.standardOutput.write(toFile: folder + "/" + target, atomically: true, encoding: .utf8)
            let check = ProcessRunner.run([TmuxSession.binary, "--check", folder + "/" + target])
            #expect(check.status == 0, "\(check.standardError)")
            let again = ProcessRunner.run([TmuxSession.binary, "--print-deck", folder + "/" + target])
            #expect(again.standardOutput == printed.standardOutput)
        }
        // With stories.json in place, the folder plays it; its problems name that file.
        try "[{\"title\": 3}]".write(toFile: folder + "/stories.json", atomically: true, encoding: .utf8)
        let bad = ProcessRunner.run([TmuxSession.binary, "--check", folder])
        #expect(bad.status == 65)
        #expect(bad.standardError.hasPrefix(folder + "/stories.json:1:12: error: [0].title"), "\(bad.standardError)")
    }

    @Test("--print-deck FOLDER > FOLDER/stories.json (the man page's example) lists the pictures, not the file being written")
    func printDeckIntoTheFolder() throws {
        let folder = try Self.pictureFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The shell creates stories.json, empty, before the program runs: read as the deck, it failed (65).
        let printed = ProcessRunner.run(["/bin/sh", "-c", #""$0" --print-deck "$1" > "$1/stories.json""#,
                                         TmuxSession.binary, folder])
        #expect(printed.status == 0, "\(printed.standardError)")
        let written = try String(contentsOfFile: folder + "/stories.json", encoding: .utf8)
        #expect(written.contains("\"stories\""), "\(written)")
        let check = ProcessRunner.run([TmuxSession.binary, "--check", folder])
        #expect(check.status == 0, "\(check.standardError)")
        // Printed elsewhere, the folder's stories.json is its deck as before.
        let again = ProcessRunner.run([TmuxSession.binary, "--print-deck", folder])
        #expect(again.standardOutput == written)
    }

    @Test("--check of a folder: a clip is a video story (a broken one a problem at its path); a folder without pictures exits 66")
    func folderCheck() throws {
        let folder = try Self.pictureFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clip = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/moving/bars.mp4").path
        try FileManager.default.copyItem(atPath: clip, toPath: folder + "/clip.mp4")
        let check = ProcessRunner.run([TmuxSession.binary, "--check", folder], environment: ["LANG": "C.UTF-8"])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.contains("valid, 4 stories"), "\(check.standardOutput)")
        try Data([0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 0, 0]).write(to: URL(fileURLWithPath: folder + "/broken.mp4"))
        let broken = ProcessRunner.run([TmuxSession.binary, "--check", folder], environment: ["LANG": "C.UTF-8"])
        #expect(broken.status == 65)
        #expect(broken.standardError.contains(".video: cannot play the video"), "\(broken.standardError)")
        let empty = FeatureEndToEndTests.folder()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let none = ProcessRunner.run([TmuxSession.binary, empty], environment: ["LANG": "C.UTF-8"])
        #expect(none.status == 66)
        #expect(none.standardError.contains("holds no picture or video to show"), "\(none.standardError)")
    }

    @Test("an entry the user may not read is left out with a note (run as nobody when the tests run as root)")
    func unreadableEntry() throws {
        let folder = try Self.pictureFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(chmod(folder, 0o755) == 0)
        #expect(chmod(folder + "/2_the_beach.png", 0) == 0)
        var command = [TmuxSession.binary, "--check", folder]
        if getuid() == 0 { command = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command }
        let check = ProcessRunner.run(command, environment: ["LANG": "C.UTF-8"])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.contains("valid, 2 stories"), "\(check.standardOutput)")
        #expect(check.standardError.contains("'2_the_beach.png' left out: it cannot be read (Permission denied"),
                "\(check.standardError)")
    }

    @Test("a picture, a binary file, a YAML file and an HTML file given as DECK each say what they are")
    func wrongFiles() throws {
        let folder = try Self.pictureFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data([0, 1, 2, 3, 0, 0, 9]).write(to: URL(fileURLWithPath: folder + "/data.bin"))
        try "title: Trip\nstories:\n  - title: a\n".write(toFile: folder + "/deck.yaml", atomically: true, encoding: .utf8)
        try "<!DOCTYPE html><html></html>".write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        let cases = [
            ("1-sunrise.png", "this is a PNG picture, not a deck; to play pictures, give their folder: stories-tui FOLDER"),
            ("data.bin", "this is a binary file, not a deck"), ("deck.yaml", "this looks like YAML, not a deck"),
            ("index.html", "this looks like HTML, not a deck"),
        ]
        for (name, message) in cases {
            let result = ProcessRunner.run([TmuxSession.binary, folder + "/" + name], environment: ["LANG": "C.UTF-8"])
            #expect(result.status == 65, "\(name)")
            #expect(result.standardError.contains(message), "\(name): \(result.standardError)")
        }
    }
}
