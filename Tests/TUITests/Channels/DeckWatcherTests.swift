import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// inotify queues an event when the change happens, so each `readChanges()` right after a change sees it.
@Suite("Watching the deck and its pictures (--watch)")
struct DeckWatcherTests {
    struct Fixture {
        let folder = ChannelFolder()
        var decks: String { folder.file("decks") }
        var deck: String { decks + "/deck.json" }

        init() {
            mkdir(decks, 0o700)
            folder.write("{}", to: deck)
        }

        /// Writes a file as editors do: a new file renamed over the old one.
        func save(_ path: String, _ text: String = "{ \"stories\": [] }") {
            folder.write(text, to: path + ".tmp")
            #expect(rename(path + ".tmp", path) == 0)
        }
    }

    @Test("a write to the deck is a change; other files in its folder are not")
    func deckWrites() throws {
        let fixture = Fixture()
        defer { fixture.folder.remove() }
        let watcher = try DeckWatcher.open(deckPath: fixture.deck).get()
        #expect(watcher.readChanges() == DeckWatcher.Report())
        fixture.folder.write("notes", to: fixture.decks + "/notes.txt")
        #expect(!watcher.readChanges().changed)
        fixture.folder.write("{ }", to: fixture.deck)
        #expect(watcher.readChanges().changed)
        fixture.save(fixture.deck)
        #expect(watcher.readChanges().changed)
        #expect(!watcher.readChanges().changed, "each change is reported once")
    }

    @Test("the folder removed and made again: watching goes on (rm -r; mkdir; write)")
    func folderRecreated() throws {
        let fixture = Fixture()
        defer { fixture.folder.remove() }
        let watcher = try DeckWatcher.open(deckPath: fixture.deck).get()
        try FileManager.default.removeItem(atPath: fixture.decks)
        #expect(watcher.readChanges().changed, "the deck went away")
        #expect(mkdir(fixture.decks, 0o700) == 0)
        #expect(watcher.readChanges().changed, "the folder is back: the deck may be in it already")
        fixture.folder.write("other", to: fixture.decks + "/other.json")
        #expect(!watcher.readChanges().changed, "the folder itself is watched again, not its parent")
        fixture.save(fixture.deck)
        #expect(watcher.readChanges().changed)
        fixture.folder.write("{}", to: fixture.deck)
        #expect(watcher.readChanges().changed)
    }

    @Test("two levels removed and made again at once (mkdir -p)")
    func deeperRecreated() throws {
        let fixture = Fixture()
        defer { fixture.folder.remove() }
        let inner = fixture.decks + "/a/b"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: true)
        let deck = inner + "/deck.json"
        fixture.folder.write("{}", to: deck)
        let watcher = try DeckWatcher.open(deckPath: deck).get()
        try FileManager.default.removeItem(atPath: fixture.decks)
        _ = watcher.readChanges()
        try FileManager.default.createDirectory(atPath: fixture.decks + "/a", withIntermediateDirectories: true)
        _ = watcher.readChanges()
        #expect(mkdir(inner, 0o700) == 0)
        #expect(watcher.readChanges().changed)
        fixture.save(deck)
        #expect(watcher.readChanges().changed)
    }

    @Test("the folder moved away and another moved in: the new one is watched, the old one no longer")
    func folderReplaced() throws {
        let fixture = Fixture()
        defer { fixture.folder.remove() }
        let watcher = try DeckWatcher.open(deckPath: fixture.deck).get()
        let old = fixture.folder.file("old")
        let new = fixture.folder.file("new")
        #expect(rename(fixture.decks, old) == 0)
        #expect(watcher.readChanges().changed)
        #expect(mkdir(new, 0o700) == 0)
        fixture.save(new + "/deck.json")
        #expect(!watcher.readChanges().changed)
        #expect(rename(new, fixture.decks) == 0)
        #expect(watcher.readChanges().changed)
        fixture.save(old + "/deck.json")
        #expect(!watcher.readChanges().changed)
        fixture.save(fixture.deck)
        #expect(watcher.readChanges().changed)
    }

    @Test("a picture's change is a change, in the deck's folder and in another; other pictures are not")
    func pictures() throws {
        let fixture = Fixture()
        defer { fixture.folder.remove() }
        let pictures = fixture.folder.file("pictures")
        #expect(mkdir(pictures, 0o700) == 0)
        let watcher = try DeckWatcher.open(deckPath: fixture.deck).get()
        #expect(watcher.setExtraPaths([pictures + "/a.png", fixture.decks + "/cover.png", pictures + "/b.png"]).isEmpty)
        fixture.folder.write("png", to: pictures + "/c.png")
        #expect(!watcher.readChanges().changed)
        fixture.folder.write("png", to: pictures + "/b.png")
        #expect(watcher.readChanges().changed)
        fixture.save(fixture.decks + "/cover.png")
        #expect(watcher.readChanges().changed)
        fixture.save(fixture.deck)
        #expect(watcher.readChanges().changed, "the deck is still watched")
        watcher.setExtraPaths([])
        fixture.folder.write("png", to: pictures + "/b.png")
        #expect(!watcher.readChanges().changed, "a picture no longer in the deck")
    }

    @Test("a picture folder that does not exist yet is waited for")
    func pictureFolderLater() throws {
        let fixture = Fixture()
        defer { fixture.folder.remove() }
        let watcher = try DeckWatcher.open(deckPath: fixture.deck).get()
        let pictures = fixture.folder.file("later")
        #expect(watcher.setExtraPaths([pictures + "/a.png"]).isEmpty)
        #expect(mkdir(pictures, 0o700) == 0)
        _ = watcher.readChanges()
        fixture.folder.write("png", to: pictures + "/a.png")
        #expect(watcher.readChanges().changed)
    }

    @Test("one call reads at most 64 KiB of events; the rest waits for the next")
    func boundedRead() throws {
        let fixture = Fixture()
        defer { fixture.folder.remove() }
        let watcher = try DeckWatcher.open(deckPath: fixture.deck).get()
        // Distinct names, so that the kernel cannot merge the events: about 3 000 × 3 events of 32 bytes.
        for index in 0..<3000 { fixture.folder.write("", to: fixture.decks + "/f\(index)") }
        #expect(!watcher.readChanges().changed)
        var slot = pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&slot, 1, 0) == 1, "events are left for the next call")
        for _ in 0..<10 { _ = watcher.readChanges() }
        #expect(poll(&slot, 1, 0) == 0)
    }

    @Test("inotify records are parsed whole; a record cut short is left")
    func records() {
        func record(_ watch: Int32, _ mask: UInt32, _ name: String) -> [UInt8] {
            var padded = Array(name.utf8)
            if !padded.isEmpty { padded += [UInt8](repeating: 0, count: 16 - padded.count % 16) }
            let words = [UInt32(bitPattern: watch), mask, 0, UInt32(padded.count)]
            return words.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } } + padded
        }
        let bytes = record(1, UInt32(IN_CREATE), "deck.json") + record(2, UInt32(IN_DELETE_SELF), "")
            + Array(record(3, UInt32(IN_MODIFY), "x").prefix(20))
        #expect(InotifyRecord.parse(bytes[...]) == [
            InotifyRecord(watch: 1, mask: UInt32(IN_CREATE), name: "deck.json"),
            InotifyRecord(watch: 2, mask: UInt32(IN_DELETE_SELF), name: ""),
        ])
    }
}
