import Synchronization
import Testing
@testable import Engine

/// The image hook (issue 10, "Checking"): the loader resolves each story's image against the deck's folder, asks an
/// `ImageCheck` (the viewer's image code; a fake here), and reports its answers at the `image` keys.
@Suite("Image checks")
struct ImageCheckTests {
    /// A fake `ImageCheck`: answers by the file name, and records every call.
    final class FakeCheck: Sendable {
        let calls = Mutex<[[String]]>([])

        var check: ImageCheck {
            { paths in
                self.calls.withLock { $0.append(paths) }
                return paths.map { path -> ImageProblem? in
                    switch path.split(separator: "/").last ?? "" {
                    case "missing.png": return .missing
                    case "folder.png": return .notRegularFile
                    case "secret.png": return .unreadable(errno: 13)
                    case "huge.png": return .fileTooLarge(bytes: 40_000_000, limit: DeckLimits.maximumImageFileSize)
                    case "wide.png": return .tooManyPixels(width: 12_000, height: 9_000, limitMegapixels: 40)
                    case "text.png": return .notAnImage
                    case "broken.png": return .undecodable("IDAT: CRC error\u{1B}[2J")
                    default: return nil
                    }
                }
            }
        }
    }

    private func load(_ json: String, folder: String?, fake: FakeCheck) -> Result<Deck, DeckLoadError> {
        DeckLoader.decode(Array(json.utf8), baseDirectory: folder, checkImages: fake.check)
    }

    @Test func problemsAreReportedAtTheImageKey() {
        let fake = FakeCheck()
        let json = """
            {"stories": [
              {"image": "ok.png"},
              {"title": "t", "image": "missing.png"},
              {"image": "pics/text.png", "alt": "a"}]}
            """
        guard case .failure(let error) = load(json, folder: "decks", fake: fake) else {
            Issue.record("accepted")
            return
        }
        #expect(error.diagnosticLines(file: "decks/trip.json", language: .english) == [
            "decks/trip.json:3:27: error: stories[1].image: cannot show the image 'decks/missing.png': no such file",
            "decks/trip.json:4:13: error: stories[2].image: cannot show the image 'decks/pics/text.png': not a PNG, JPEG, GIF or WebP image (by its first bytes, whatever its name)",
        ])
        #expect(error.diagnosticLines(file: "decks/trip.json", language: .spanish)[0]
            == "decks/trip.json:3:27: error: stories[1].image: no se puede mostrar la imagen 'decks/missing.png': no existe")
        #expect(error.jsonLines(file: "decks/trip.json", language: .english)[0]
            == #"{"path":"decks/trip.json","line":3,"column":27,"jsonPath":"stories[1].image","code":"image-missing","message":"cannot show the image 'decks/missing.png': no such file"}"#)
        #expect(fake.calls.withLock { $0 } == [["decks/ok.png", "decks/missing.png", "decks/pics/text.png"]])
    }

    @Test func pathsResolveAgainstTheDecksFolder() throws {
        let fake = FakeCheck()
        let json = #"[{"image": "a.png"}, {"image": "/abs/b.png"}, {"image": "../c.png"}, {"image": "a.png"}]"#
        let deck = try load(json, folder: "decks", fake: fake).get()
        #expect(deck.stories.map(\.imagePath) == ["decks/a.png", "/abs/b.png", "decks/../c.png", "decks/a.png"])
        #expect(deck.stories.map(\.image) == ["a.png", "/abs/b.png", "../c.png", "a.png"])
        // Each path once a call.
        #expect(fake.calls.withLock { $0 } == [["decks/a.png", "/abs/b.png", "decks/../c.png"]])
        // A bare deck name (folder "."), the root folder, and standard input (no folder: the current directory).
        #expect(try load(#"[{"image": "a.png"}]"#, folder: ".", fake: fake).get().stories[0].imagePath == "a.png")
        #expect(try load(#"[{"image": "a.png"}]"#, folder: "/", fake: fake).get().stories[0].imagePath == "/a.png")
        #expect(try load(#"[{"image": "a.png"}]"#, folder: nil, fake: fake).get().stories[0].imagePath == "a.png")
    }

    @Test func everyProblemHasWordsInBothLanguages() {
        let problems: [ImageProblem] = [
            .missing, .notRegularFile, .unreadable(errno: 13), .fileTooLarge(bytes: 40_000_000, limit: 33_554_432),
            .tooManyPixels(width: 12_000, height: 9_000, limitMegapixels: 40), .notAnImage, .undecodable("bad\u{1B}[2J"),
            .tooManyFrames(limit: 10_000),
        ]
        #expect(problems.map { $0.message(in: .english) } == [
            "no such file",
            "not a regular file (a folder, FIFO or device)",
            "cannot be read: Permission denied (errno 13)",
            "the file is too large (40000000 bytes; at most 32 MiB)",
            "too many pixels (12000×9000; an image may have at most 40 megapixels)",
            "not a PNG, JPEG, GIF or WebP image (by its first bytes, whatever its name)",
            "the image cannot be decoded (bad[2J)",
            "too many frames (a moving picture may have at most 10000)",
        ])
        for problem in problems {
            #expect(problem.message(in: .spanish) != problem.message(in: .english), "\(problem)")
        }
        #expect(Set(problems.map(\.code)).count == problems.count)
        #expect(problems.allSatisfy { $0.code.hasPrefix("image-") })
    }

    @Test func withoutACheckImagesAreNotChecked() throws {
        let deck = try decode(#"[{"image": "missing.png"}]"#, baseDirectory: "d").get()
        #expect(deck.stories[0].imagePath == "d/missing.png")
    }

    @Test func manyImagesAreCheckedInBoundedBatches() throws {
        let fake = FakeCheck()
        let count = DeckValidator.imageCheckBatch * 2 + 3
        let json = "[" + (0..<count).map { #"{"image": "p\#($0).png"}"# }.joined(separator: ",") + "]"
        #expect(try load(json, folder: nil, fake: fake).get().stories.count == count)
        let sizes = fake.calls.withLock { $0.map(\.count) }
        #expect(sizes == [DeckValidator.imageCheckBatch, DeckValidator.imageCheckBatch, 3])
    }
}
