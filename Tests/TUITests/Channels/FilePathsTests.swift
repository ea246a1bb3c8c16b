import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Path arithmetic for the channels")
struct FilePathsTests {
    @Test("folder and name", arguments: [
        ("deck.json", ".", "deck.json"), ("/deck.json", "/", "deck.json"), ("a/b/deck.json", "a/b", "deck.json"),
        ("/a/b/", "/a/b", ""),
    ])
    func parts(path: String, folder: String, name: String) {
        #expect(FilePaths.folder(of: path) == folder)
        #expect(FilePaths.name(of: path) == name)
    }

    @Test("resolved: links followed where the path exists, made absolute and tidied where it does not")
    func resolved() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let real = try #require(realpath(folder.path, nil).map { pointer in
            defer { free(pointer) }
            return String(cString: pointer)
        })
        let link = folder.file("link")
        #expect(symlink(real, link) == 0)
        #expect(FilePaths.resolved(link + "/deck.json") == real + "/deck.json", "a missing file in an existing folder")
        #expect(FilePaths.resolved(link + "/gone/./x/../deck.json") == real + "/gone/deck.json")
        #expect(FilePaths.resolved("/no-such-folder-\(getpid())//a/../b") == "/no-such-folder-\(getpid())/b")
        folder.write("{}", to: real + "/deck.json")
        #expect(FilePaths.resolved(link + "/deck.json") == real + "/deck.json")
    }

    @Test("pictures are grouped by folder, in the order folders first appear")
    func grouping() {
        #expect(WatchTarget.grouping(["/p/a.png", "/q/b.png", "/p/c.png"]) == [
            WatchTarget(folder: "/p", names: ["a.png", "c.png"]), WatchTarget(folder: "/q", names: ["b.png"]),
        ])
    }
}
