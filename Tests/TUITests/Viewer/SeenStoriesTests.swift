import Engine
import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// A folder of its own for one test, removed at the end.
final class TemporaryFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "stories-seen-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes a file in the folder and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        try? FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        return file
    }

    func read(_ name: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: path + "/" + name))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Where the seen stories of the deck at `deckPath` go, relative to the folder used as XDG_STATE_HOME.
    static func seenFile(forDeck deckPath: String) -> String {
        let real = realpath(deckPath, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        } ?? deckPath
        return "stories-tui/" + SeenStoriesStore.fileName(forDeck: real)
    }

    func files(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []).sorted()
    }
}

@Suite("Seen stories: the file, its folder, where --resume starts")
struct SeenStoriesTests {
    static let messages = Messages(language: .english)
    static let deck = Deck(stories: (1...4).map { Story(id: "s\($0)", title: "S\($0)") })

    @Test("the state folder: XDG_STATE_HOME when absolute, else ~/.local/state; none without either")
    func folder() {
        #expect(SeenStoriesStore.folder(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"]) == "/x/state/stories-tui")
        #expect(SeenStoriesStore.folder(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"])
            == "/home/a/.local/state/stories-tui")
        #expect(SeenStoriesStore.folder(environment: [:]) == nil)
    }

    @Test("one file a deck, named by its real path, which the file also holds")
    func fileFormat() {
        #expect(SeenStoriesStore.fileName(forDeck: "/a/deck.json") != SeenStoriesStore.fileName(forDeck: "/b/deck.json"))
        #expect(SeenStoriesStore.fileName(forDeck: "/a/deck.json").count == "seen-".count + 16 + ".txt".count)
        let text = SeenStoriesFile.text(deckPath: "/a/deck.json", ids: ["dawn", "noon"])
        #expect(text == "stories-tui seen 1\n/a/deck.json\ndawn\nnoon\n")
        #expect(SeenStoriesFile.ids(in: Array(text.utf8), deckPath: "/a/deck.json") == .success(["dawn", "noon"]))
        #expect(SeenStoriesFile.ids(in: Array(text.utf8), deckPath: "/other.json") == .success([]), "another deck's file")
        #expect(SeenStoriesFile.ids(in: Array("garbage\n".utf8), deckPath: "/a") == .failure(.wrongHeader))
        #expect(SeenStoriesFile.ids(in: [0xFF, 0xFE], deckPath: "/a") == .failure(.notUTF8))
        #expect(SeenStoriesFile.ids(in: Array("stories-tui seen 1\n".utf8), deckPath: "/a") == .failure(.missingPath))
    }

    @Test("a story seen is written at once, through a temporary file and a rename; only this deck's ids are kept")
    func recordAndReopen() throws {
        let home = TemporaryFolder()
        let deckPath = home.write("decks/deck.json", "[]")
        let environment: Environment = ["XDG_STATE_HOME": home.path + "/state"]
        let first = SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: environment, messages: Self.messages)
        #expect(first.notice == nil && first.seen.isEmpty)
        let store = try #require(first.store)
        #expect(store.record("s1") && store.record("s2") && store.record("s1"))
        #expect(home.files(in: "state/stories-tui") == [SeenStoriesStore.fileName(forDeck: store.deckPath)],
                "no temporary file left behind")
        // Reached through another spelling of the path (a symbolic link): the same deck.
        symlink(home.path + "/decks", home.path + "/link")
        let again = SeenStories.open(deckPath: home.path + "/link/deck.json", deck: Self.deck, environment: environment,
                                     messages: Self.messages)
        #expect(again.seen == ["s1", "s2"])
        let smaller = Deck(stories: [Story(id: "s2", title: "S2")])
        #expect(SeenStories.open(deckPath: deckPath, deck: smaller, environment: environment, messages: Self.messages).seen
            == ["s2"])
    }

    @Test("--resume starts at the first story not seen; the command line's --start wins; all seen: as usual")
    func resumeStart() {
        var seen = SeenStories()
        seen.seen = ["s1", "s2"]
        #expect(SeenStories.resumeIndex(deck: Self.deck, seen: seen.seen) == 2)
        #expect(seen.playbackOptions(PlaybackOptions(), deck: Self.deck, resume: true).start == .position(3))
        #expect(seen.playbackOptions(PlaybackOptions(), deck: Self.deck, resume: false).start == nil)
        let explicit = PlaybackOptions(start: .position(1))
        #expect(seen.playbackOptions(explicit, deck: Self.deck, resume: true).start == .position(1))
        seen.seen = ["s1", "s2", "s3", "s4"]
        #expect(seen.playbackOptions(PlaybackOptions(), deck: Self.deck, resume: true).start == nil)
    }

    @Test("a damaged file is ignored with one notice and replaced at the next write")
    func damaged() throws {
        let home = TemporaryFolder()
        let deckPath = home.write("deck.json", "[]")
        let environment: Environment = ["XDG_STATE_HOME": home.path]
        let name = TemporaryFolder.seenFile(forDeck: deckPath)
        home.write(name, "not a seen file\n\u{1}\u{2}")
        let opened = SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: environment, messages: Self.messages)
        #expect(opened.seen.isEmpty)
        #expect(opened.notice?.contains("damaged") == true)
        try #require(opened.store).record("s3")
        #expect(home.read(name)?.hasPrefix(SeenStoriesFile.header) == true)
    }

    @Test("a folder that cannot be made gives one notice and no store, never an error")
    func unwritable() {
        let home = TemporaryFolder()
        let deckPath = home.write("deck.json", "[]")
        home.write("state", "a file where the folder should be")
        let opened = SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: ["XDG_STATE_HOME": home.path + "/state"],
                                      messages: Self.messages)
        #expect(opened.store == nil)
        #expect(opened.notice?.contains("not remembered") == true)
        let none = SeenStories.open(deckPath: deckPath, deck: Self.deck, environment: [:], messages: Self.messages)
        #expect(none.store == nil && none.notice?.contains("HOME") == true)
        #expect(SeenStories.open(deckPath: "-", deck: Self.deck, environment: [:], messages: Self.messages).notice == nil,
                "standard input has no seen stories, and nothing to say about it")
    }
}
