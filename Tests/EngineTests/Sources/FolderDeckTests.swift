#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import Engine

/// A folder as a deck (docs/DECK-FORMAT.md, "Folder decks"): what is listed, in which order, with which titles.
@Suite("Folder decks")
struct FolderDeckTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8)
    static let gif: [UInt8] = Array("GIF89a".utf8) + [1, 0, 1, 0]
    static let webp: [UInt8] = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8)
    static let mp4: [UInt8] = [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [0, 0, 0, 0]
    static let webm: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81]

    /// A fresh folder, removed by the caller.
    static func makeFolder() throws -> String {
        let path = NSTemporaryDirectory() + "stories-folder-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ bytes: [UInt8], _ name: String, in folder: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    static func ids(_ folder: String) throws -> [String] {
        try DeckLoader.load(path: folder).get().stories.map(\.id)
    }

    @Test("pictures play in natural name order, titled by their names; the id is the file name")
    func naturalOrderAndTitles() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["10.png", "2.png", "1.png", "b_c-d.jpg", "A.png", "a2.png", "img9.png", "img010.png", "IMG1.png"] {
            try Self.write(name.hasSuffix("jpg") ? Self.jpeg : Self.png, name, in: folder)
        }
        let deck = try DeckLoader.load(path: folder).get()
        #expect(deck.stories.map(\.id)
            == ["1.png", "2.png", "10.png", "A.png", "a2.png", "b_c-d.jpg", "IMG1.png", "img9.png", "img010.png"])
        #expect(deck.stories.map { $0.title ?? "" } == ["1", "2", "10", "A", "a2", "b c d", "IMG1", "img9", "img010"])
        #expect(deck.stories.first?.image == "1.png")
        #expect(deck.stories.first?.imagePath == folder + "/1.png")
        #expect(deck.baseDirectory == folder)
        #expect(FolderDeck.title(ofFile: "summer_trip-2.final.jpeg") == "summer trip 2.final")
        #expect(FolderDeck.title(ofFile: ".png") == ".png")
        #expect(FolderDeck.title(ofFile: "noextension") == "noextension")
    }

    @Test("natural order compares digit runs by value, letters without case, then bytes")
    func naturalOrder() {
        func sorted(_ names: [String]) -> [String] {
            names.map(NaturalOrder.Key.init).sorted(by: NaturalOrder.precedes).map(\.name)
        }
        #expect(sorted(["x10", "x9", "x09", "x1"]) == ["x1", "x09", "x9", "x10"])
        #expect(sorted(["b", "B", "a"]) == ["a", "B", "b"])
        #expect(sorted(["a10b2", "a10b10", "a2b99"]) == ["a2b99", "a10b2", "a10b10"])
        #expect(sorted(["99999999999999999999999.png", "100000000000000000000000.png"])
            == ["99999999999999999999999.png", "100000000000000000000000.png"])
    }

    @Test("files are told by their bytes, not their names; hidden files and folders are skipped")
    func bytesNotNames() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.png, "picture.txt", in: folder)
        try Self.write(Array("not a picture".utf8), "fake.png", in: folder)
        try Self.write(Self.png, ".hidden.png", in: folder)
        try Self.write([], "empty.png", in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/sub.png", withIntermediateDirectories: false)
        try Self.write(Self.png, "inside.png", in: folder + "/sub.png")
        #expect(mkfifo(folder + "/pipe.png", 0o644) == 0)
        #expect(try Self.ids(folder) == ["picture.txt"])
    }

    @Test("GIF, WebP and video are stories, a video a video story by its bytes; a folder of none of them is no pictures (66)")
    func movingAndVideo() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let empty = DeckLoader.loadReporting(path: folder)
        #expect(empty.result == .failure(.noPictures(folder, unreadable: 0)))
        let message = DeckLoadError.noPictures("pics", unreadable: 0).message(in: .english)
        #expect(message.first == "'pics' holds no picture or video to show (PNG, JPEG, GIF, WebP, MP4, MOV, WebM or MKV, directly in it) and no stories.json")
        #expect(DeckLoadError.noPictures("pics", unreadable: 0).code == "no-pictures")
        #expect(DeckLoadError.noPictures("fotos", unreadable: 2).message(in: .spanish).count == 3)
        try Self.write(Self.gif, "a.gif", in: folder)
        try Self.write(Self.webp, "b.webp", in: folder)
        try Self.write(Self.mp4, "c.mp4", in: folder)
        try Self.write(Self.webm, "d.webm", in: folder)
        try Self.write(Self.png, "e.png", in: folder)
        let one = DeckLoader.loadReporting(path: folder)
        let stories = try one.result.get().stories.map { $0 }
        #expect(stories.map(\.id) == ["a.gif", "b.webp", "c.mp4", "d.webm", "e.png"])
        #expect(stories.map(\.isVideo) == [false, false, true, true, false])
        #expect(one.notes.isEmpty, "nothing is left out")
    }

    @Test("a stories.json in the folder wins over its pictures")
    func storiesJSONWins() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.png, "a.png", in: folder)
        try Self.write(Array(#"[{"title": "From JSON", "image": "a.png"}]"#.utf8), "stories.json", in: folder)
        let outcome = DeckLoader.loadReporting(path: folder)
        #expect(outcome.file == folder + "/stories.json")
        #expect(try outcome.result.get().stories.map(\.title) == ["From JSON"])
        #expect(DeckLoader.deckFile(for: folder + "/") == folder + "/stories.json")
        #expect(DeckLoader.deckFile(for: folder + "/a.png") == folder + "/a.png")
    }

    @Test("symbolic links are followed to pictures; links to folders and dangling links are skipped")
    func symbolicLinks() throws {
        let folder = try Self.makeFolder()
        let elsewhere = try Self.makeFolder()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: elsewhere)
        }
        try Self.write(Self.png, "real.png", in: elsewhere)
        #expect(symlink(elsewhere + "/real.png", folder + "/linked.png") == 0)
        #expect(symlink(elsewhere, folder + "/folder-link") == 0)
        #expect(symlink(folder + "/missing.png", folder + "/dangling.png") == 0)
        #expect(symlink(folder + "/loop", folder + "/loop") == 0)
        #expect(try Self.ids(folder) == ["linked.png"])
    }

    @Test("an entry that cannot be opened is left out with a note, not a failure")
    func unreadableEntries() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.png, "a.png", in: folder)
        try Self.write(Self.png, "b.png", in: folder)
        #expect(chmod(folder + "/b.png", 0) == 0)
        let outcome = DeckLoader.loadReporting(path: folder)
        if getuid() == 0 {
            // Root reads it anyway; FolderDeckEndToEndTests runs the program as nobody for this case.
            #expect(try outcome.result.get().stories.count == 2)
        } else {
            #expect(try outcome.result.get().stories.map(\.id) == ["a.png"])
            #expect(outcome.notes == [.unreadable(FolderEntry(name: "b.png", errno: EACCES))])
        }
        #expect(DeckNote.unreadable(FolderEntry(name: "b.png", errno: EACCES)).message(in: .english)
            .hasPrefix("'b.png' left out: it cannot be read (\(String(cString: strerror(EACCES)))"))
    }

    @Test("a name that is not UTF-8 is left out with a note")
    func nameNotUTF8() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.write(Self.png, "good.png", in: folder)
        let bad = Array((folder + "/bad").utf8) + [0xFF] + Array(".png".utf8) + [0]
        let descriptor = bad.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bad.count) {
                open($0, O_WRONLY | O_CREAT, 0o644)
            }
        }
        #expect(descriptor >= 0)
        _ = Self.png.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let outcome = DeckLoader.loadReporting(path: folder)
        #expect(try outcome.result.get().stories.map(\.id) == ["good.png"])
        #expect(outcome.notes.count == 1)
        if case .unreadable(let entry)? = outcome.notes.first { #expect(entry.errno == EILSEQ) }
    }

    @Test("a missing folder, an unlistable one and an empty one each say so")
    func folderErrors() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(DeckLoader.load(path: folder) == .failure(.noPictures(folder, unreadable: 0)))
        #expect(FolderLister.list(path: folder + "/missing") == .failure(.notFound(folder + "/missing")))
        try Self.write(Self.png, "file.png", in: folder)
        #expect(FolderLister.list(path: folder + "/file.png") == .failure(.cannotOpen(folder + "/file.png", errno: ENOTDIR))
            || FolderLister.list(path: folder + "/file.png") == .failure(.notFound(folder + "/file.png")))
    }

    @Test("a folder of 1 000 pictures lists them all, in order")
    func manyFiles() throws {
        let folder = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for number in (1...1_000).reversed() { try Self.write(Self.png, "p\(number).png", in: folder) }
        let ids = try Self.ids(folder)
        #expect(ids.count == 1_000)
        #expect(ids.first == "p1.png" && ids[1] == "p2.png" && ids.last == "p1000.png")
    }

    @Test("file signatures: every picture and video kind, and the wrong files given as a deck")
    func signatures() {
        #expect(FileSignature.mediaKind(of: Self.png) == .png)
        #expect(FileSignature.mediaKind(of: Self.jpeg) == .jpeg)
        #expect(FileSignature.mediaKind(of: Self.gif) == .gif)
        #expect(FileSignature.mediaKind(of: Self.webp) == .webp)
        #expect(FileSignature.mediaKind(of: Self.mp4) == .mp4)
        #expect(FileSignature.mediaKind(of: Self.webm) == .webm)
        #expect(FileSignature.mediaKind(of: Array("[{}]".utf8)) == nil)
        #expect(FileSignature.mediaKind(of: [UInt8]()) == nil)
        func wrong(_ text: String, markdown: Bool = false) -> FileKind? {
            FileSignature.wrongKind(of: Array(text.utf8), markdownIsExpected: markdown)
        }
        #expect(wrong("---\ntitle: x\n") == .yaml)
        #expect(wrong("title: Trip\nstories:\n") == .yaml)
        #expect(wrong("<!DOCTYPE html>\n<html>") == .html)
        #expect(wrong("  <HTML lang=en>") == .html)
        #expect(wrong("<?xml version=\"1.0\"?>") == .xml)
        #expect(wrong("# Trip\n\nhello") == .markdown)
        #expect(wrong("# Trip\n\nhello", markdown: true) == nil)
        #expect(wrong("<html>", markdown: true) == nil)
        #expect(wrong("%PDF-1.4") == .pdf)
        #expect(wrong("{\"stories\": []}") == nil)
        #expect(wrong("[1, 2") == nil)
        // Text starting with a word cannot be JSON (only true, false and null do): a passwd file is not YAML,
        // since a YAML key's colon is followed by a blank or ends the line.
        #expect(wrong("nonsense") == .text)
        #expect(wrong("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/:/bin/sh\n") == .text)
        #expect(wrong("title:\n  x") == .yaml && wrong("title:") == .yaml && wrong("a:\tb") == .yaml)
        #expect(wrong("true") == nil && wrong(" null\n") == nil && wrong("false,") == nil)
        #expect(wrong("nullish") == .text)
        #expect(wrong("42") == nil && wrong("\"deck\"") == nil && wrong("// a comment\n{}") == nil)
        #expect(wrong("") == nil)
        #expect(FileSignature.wrongKind(of: [0x7F, 0x45, 0x4C, 0x46, 2, 1], markdownIsExpected: false) == .executable)
        #expect(FileSignature.wrongKind(of: [0x50, 0x4B, 0x03, 0x04], markdownIsExpected: false) == .zip)
        #expect(FileSignature.wrongKind(of: [0x1F, 0x8B, 8], markdownIsExpected: false) == .gzip)
        #expect(FileSignature.wrongKind(of: [1, 2, 0, 0, 5, 0, 7], markdownIsExpected: false) == .binary)
        // UTF-16 text is left to the parser, which names its encoding.
        #expect(FileSignature.wrongKind(of: [0xFF, 0xFE, 0x5B, 0], markdownIsExpected: false) == nil)
        #expect(FileSignature.wrongKind(of: [0x5B, 0, 0x5D, 0], markdownIsExpected: false) == nil)
        #expect(FileSignature.wrongKind(of: Self.png, markdownIsExpected: true) == .png)
    }

    @Test("the wrong file given as a deck says what it is and what the program reads")
    func wrongFileMessages() {
        func message(_ bytes: [UInt8], path: String = "deck.json", _ language: Language = .english) -> String {
            guard case .failure(let error) = DeckLoader.decode(bytes, baseDirectory: nil, format: DeckFormat(path: path))
            else { return "" }
            return error.diagnosticLines(file: path, language: language).joined(separator: "\n")
        }
        #expect(message(Self.png, path: "trip.png")
            == "trip.png:1:1: error: this is a PNG picture, not a deck; to play pictures, give their folder: stories-tui FOLDER")
        #expect(message(Self.mp4, path: "clip.md").contains("this is an MP4/QuickTime video, not a deck"))
        #expect(message(Self.jpeg, path: "a.jpg", .spanish).contains("indica su carpeta: stories-tui CARPETA"))
        #expect(message([0, 1, 2, 3, 0, 0], path: "x.bin")
            == "x.bin:1:1: error: this is a binary file, not a deck; stories-tui reads a JSON deck, a Markdown deck (.md) or a folder of pictures")
        #expect(message(Array("key: value\n".utf8), path: "deck.yaml").contains("this looks like YAML, not a deck"))
        #expect(message(Array("root:x:0:0:root:/root:/bin/bash\n".utf8), path: "/etc/passwd")
            == "/etc/passwd:1:1: error: this is text, but not JSON (a JSON deck starts with { or [); stories-tui reads a JSON deck, a Markdown deck (.md) or a folder of pictures (stories-tui --help shows one)")
        #expect(message(Array("root:x:0:0\n".utf8), path: "passwd", .spanish).contains("esto es texto, pero no JSON"))
        #expect(message([0x7F, 0x45, 0x4C, 0x46, 2, 1], path: "ls").contains("this is an ELF file, not a deck"))
        #expect(message(Self.webm, path: "a.webm").contains("this is a WebM/Matroska video, not a deck"))
        #expect(message(Array("<html></html>".utf8), path: "index.html").contains("this looks like HTML, not a deck"))
        #expect(message(Array("# Hi\n".utf8), path: "deck.txt").contains("name the file with .md"))
        #expect(message(Array("  \n".utf8), path: "e.json").contains("the file is empty; a deck is"))
        #expect(message(Array("  \n".utf8), path: "e.json").hasSuffix("a Markdown deck (.md) or a folder of pictures"))
        #expect(DeckProblemKind.notADeck(.png).code == "not-a-deck")
        #expect(DeckFormat(path: "a/Trip.MD") == .markdown && DeckFormat(path: "x.markdown") == .markdown)
        #expect(DeckFormat(path: "-") == .json && DeckFormat(path: "md") == .json && DeckFormat(path: "a.md.json") == .json)
    }
}
