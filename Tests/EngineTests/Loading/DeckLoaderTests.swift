#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import Engine

@Suite("Deck loader")
struct DeckLoaderTests {
    /// A fresh folder for one test, removed afterwards by the caller.
    private func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "stories-tui-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func loadsAFileWithItsFolderAsBase() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(#"[{"title": "a", "image": "pic.png"}]"#, to: folder + "/deck.json")
        let deck = try DeckLoader.load(path: folder + "/deck.json").get()
        #expect(deck.baseDirectory == folder)
        #expect(deck.stories.first?.image == "pic.png")
        #expect(PathParts.folder(of: "deck.json") == ".")
        #expect(PathParts.folder(of: "/deck.json") == "/")
        #expect(PathParts.folder(of: "a/b/deck.json") == "a/b")
    }

    @Test func missingFile() {
        let path = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))/deck.json"
        #expect(DeckLoader.load(path: path) == .failure(.notFound(path)))
        #expect(DeckLoadError.notFound("deck.json").message(in: .english) == [
            "cannot open 'deck.json': no such file", "check the path, or give - to read the deck from standard input",
        ])
        #expect(DeckLoadError.notFound("-").message(in: .spanish).first == "no se puede abrir la entrada estándar: no existe")
    }

    @Test func directory() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // An empty folder is a folder deck without pictures (FolderDeckTests); a folder in a deck file's place
        // on a reload is still refused as a folder.
        #expect(DeckLoader.load(path: folder) == .failure(.noPictures(folder, unreadable: 0)))
        #expect(DeckLoadError.isDirectory("decks").message(in: .english).first == "'decks' is a folder, not a deck file")
    }

    @Test func unreadableFile() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/secret.json"
        try write(#"[{"title": "a"}]"#, to: path)
        chmod(path, 0)
        if geteuid() == 0 {
            // root reads a mode-000 file anyway, so there is no refusal to observe; the mapping is checked below.
            #expect((try? DeckLoader.load(path: path).get()) != nil)
        } else {
            #expect(DeckLoader.load(path: path) == .failure(.permissionDenied(path)))
        }
        #expect(DeckLoadError.permissionDenied("s.json").message(in: .english).first
            == "cannot open 's.json': permission denied")
    }

    @Test func fifoDeck() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/deck.fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let writer = Thread {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { return }
            let text = Array(#"[{"title": "from a pipe"}]"#.utf8)
            _ = text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        let deck = try DeckLoader.load(path: path).get()
        #expect(deck.stories.first?.title == "from a pipe")
    }

    @Test func oversizedRegularFileIsRefusedFromItsSize() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/huge.json"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(descriptor >= 0)
        #expect(ftruncate(descriptor, off_t(17 * 1024 * 1024)) == 0)  // sparse: no 17 MiB written
        close(descriptor)
        let clock = CPUClock.duration
        var result: Result<Deck, DeckLoadError>?
        let elapsed = clock.measure { result = DeckLoader.load(path: path) }
        #expect(result == .failure(.tooLarge(path, limit: 16 * 1024 * 1024)))
        #expect(elapsed < .milliseconds(100))
        #expect(DeckLoadError.tooLarge("huge.json", limit: DeckLoader.maximumSize).message(in: .english)
            == ["'huge.json' is too large: a deck may be at most 16 MiB"])
    }

    @Test func fileOfExactlyTheLimitIsRead() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.json"
        let deck = Array(#"[{"title": "a"}]"#.utf8)
        let padding = [UInt8](repeating: 0x20, count: DeckLoader.maximumSize - deck.count)
        try Data(deck + padding).write(to: URL(fileURLWithPath: path))
        #expect((try? DeckLoader.load(path: path).get())?.stories.count == 1)
    }

    @Test func endlessDeviceIsRefusedQuicklyWithBoundedMemory() {
        let clock = CPUClock.duration
        var result: Result<Deck, DeckLoadError>?
        let elapsed = clock.measure { result = DeckLoader.load(path: "/dev/zero") }
        #expect(result == .failure(.tooLarge("/dev/zero", limit: DeckLoader.maximumSize)))
        #expect(elapsed < .seconds(3))
        // The reader stops at the limit plus one chunk.
        if case .failure(.tooLarge) = DeckLoader.readBytes(path: "/dev/zero", limit: 100_000) {} else {
            Issue.record("a small limit was not enforced")
        }
    }

    @Test func otherErrorsHaveMessages() {
        #expect(DeckLoadError.cannotOpen("x", errno: ELOOP).message(in: .english).first?.hasPrefix("cannot open 'x': ") == true)
        #expect(DeckLoadError.readFailed("x", errno: EIO).message(in: .spanish).first?.hasSuffix("(errno \(EIO))") == true)
    }

    @Test func pathsInMessagesAreSanitised() {
        let lines = DeckLoadError.notFound("evil\u{1B}]0;title\u{07}.json").message(in: .english)
        #expect(lines.first == "cannot open 'evil]0;title.json': no such file")
    }

    @Test func invalidDeckListsEveryProblem() {
        guard case .failure(let error) = decode(#"[{"title": 1}, {"title": "b", "x": 2}]"#) else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.message(in: .english) == [
            "[0].title: must be a string (got a number) (line 1, column 12)",
            "[1].x: unknown key (line 1, column 31)",
        ])
    }
}
