import Foundation
import Glibc
import Testing

/// Issue 14 item 11: `--watch` once the deck's folder is removed (or moved away) and made again. Before, the
/// watch ended with the folder for good: "Reload failed: … no such file" stayed until `r`.
extension ReliabilityEndToEndTests {
    @Test("--watch survives its folder removed or moved away and made again: the new deck is on screen",
          arguments: ["rm -r", "mv"])
    func watchedFolderRecreated(way: String) throws {
        let run = ScratchRun(deck: Self.threeStories)
        let folder = run.path("decks")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let deck = run.write(Self.threeStories, name: "decks/deck.json")
        let session = run.start(["--watch", deck])
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        if way == "mv" {
            #expect(rename(folder, run.path("old")) == 0)
        } else {
            try FileManager.default.removeItem(atPath: folder)
        }
        usleep(300_000)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        usleep(300_000)
        run.write(Self.threeStories.replacingOccurrences(of: "Dawn", with: "Fresh"), name: "decks/deck.json")
        #expect(session.waitForScreen { Self.titleRow($0).contains("Fresh") } != nil, "not reloaded: \(session.screen())")
        // And it keeps watching the new folder.
        run.write(Self.threeStories.replacingOccurrences(of: "Dawn", with: "Again"), name: "decks/deck.json")
        #expect(session.waitForScreen { Self.titleRow($0).contains("Again") } != nil, "not reloaded: \(session.screen())")
        session.send("q")
        #expect(session.waitForExit(timeout: 5) == 0)
    }
}
