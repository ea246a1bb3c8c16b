import Testing
@testable import TUI
@testable import ViewerCore

/// Which entries of a watched folder count as a change of the deck (`--watch`).
@Suite("Watch roles: a folder deck's entries")
struct WatchRoleTests {
    @Test("a deck file's folder counts only its names; a folder deck's counts every entry but hidden ones")
    func counts() {
        let file = WatchRole(changedNames: ["deck.json"])
        #expect(file.counts("deck.json"))
        #expect(!file.counts("other.png"))
        var folder = WatchRole()
        folder.everyEntry = true
        #expect(folder.counts("new.png") && folder.counts("stories.json") && folder.counts("notes.txt"))
        #expect(!folder.counts(".new.png.swp") && !folder.counts(""))
    }
}
