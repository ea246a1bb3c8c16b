import Engine
import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Reading the deck again for a reload: regular files only, never a wait")
struct DeckReloadReaderTests {
    @Test("a regular file is read whole, through a symbolic link too")
    func regularFile() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("deck.json")
        let text = #"{ "stories": [ { "title": "One" } ] }"#
        folder.write(text, to: path)
        #expect(try DeckReloadReader.read(path: path).get() == Array(text.utf8))
        let link = folder.file("link.json")
        #expect(symlink(path, link) == 0)
        #expect(try DeckReloadReader.read(path: link).get() == Array(text.utf8))
        let empty = folder.file("empty.json")
        folder.write("", to: empty)
        #expect(try DeckReloadReader.read(path: empty).get() == [])
    }

    @Test("a FIFO with no writer is refused at once; a device is never read")
    func notRegular() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("deck.json")
        folder.fifo(path)
        #expect(throws: DeckReloadReader.Failure.notARegularFile(path, found: .fifo)) {
            try DeckReloadReader.read(path: path).get()
        }
        #expect(throws: DeckReloadReader.Failure.notARegularFile("/dev/zero", found: .characterDevice)) {
            try DeckReloadReader.read(path: "/dev/zero").get()
        }
    }

    @Test("a folder, a missing file and a file over the limit get the deck loader's errors")
    func loadErrors() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        #expect(throws: DeckReloadReader.Failure.load(.isDirectory(folder.path))) {
            try DeckReloadReader.read(path: folder.path).get()
        }
        let missing = folder.file("missing/deck.json")
        #expect(throws: DeckReloadReader.Failure.load(.notFound(missing))) {
            try DeckReloadReader.read(path: missing).get()
        }
        let big = folder.file("big.json")
        folder.write(String(repeating: " ", count: 101), to: big)
        #expect(throws: DeckReloadReader.Failure.load(.tooLarge(big, limit: 100))) {
            try DeckReloadReader.read(path: big, limit: 100).get()
        }
        #expect(try DeckReloadReader.read(path: big, limit: 101).get().count == 101)
    }

    @Test("the default limit is the deck format's")
    func defaultLimit() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("sparse.json")
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(ftruncate(descriptor, off_t(DeckLimits.maximumFileSize + 1)) == 0)
        close(descriptor)
        #expect(throws: DeckReloadReader.Failure.load(.tooLarge(path, limit: DeckLimits.maximumFileSize))) {
            try DeckReloadReader.read(path: path).get()
        }
    }
}
