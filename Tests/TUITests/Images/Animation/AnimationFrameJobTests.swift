import Engine
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// The helper's frames (docs/IMAGES.md, "Moving pictures"): a request names a frame of a GIF or WebP and gets its
/// cells, converted as a still picture is; the helper keeps the animation open between jobs; a still GIF is drawn
/// like a PNG; `--check` and the load-time scan see moving pictures.
@Suite("Animation frame jobs")
struct AnimationFrameJobTests {
    static let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]

    /// A 16 × 16 GIF of `count` frames, frame n all palette colour n % 3 (red, green, blue), 50 ms each.
    static func colours(_ count: Int = 3) -> [UInt8] {
        var gif = GIFEncoder(width: 16, height: 16, palette: palette)
        gif.frames = (0..<count).map {
            .init(width: 16, height: 16, indices: [UInt8](repeating: UInt8($0 % 3), count: 256), delay: 5)
        }
        return gif.bytes()
    }

    /// The colour of the middle cell of truecolour cells, as 0xRRGGBB.
    static func middle(_ grid: RawImageGrid) -> Int32 {
        let cell = grid.cells[grid.cells.count / 2]
        return cell.codepoint == 0x20 ? cell.background : cell.foreground
    }

    static func request(_ path: String, frame: Int) -> ImageRequest {
        ImageRequest(path: path, columns: 8, rows: 4, mode: .truecolor, backdrop: .color(.rgb(0, 0, 0)), frame: frame)
    }

    @Test("each frame's cells are that frame's colours, in or out of order, in this process")
    func framesInProcess() throws {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let path = ImageFixtures.write(Self.colours(), named: "c.gif", in: folder)
        var cursor: AnimationCursor?
        var colours: [Int32] = []
        for frame in [0, 1, 2, 0, 2, 1] {
            colours.append(Self.middle(try ImageRenderer.render(Self.request(path, frame: frame), cursor: &cursor).get()))
        }
        #expect(colours == [0xFF0000, 0x00FF00, 0x0000FF, 0xFF0000, 0x0000FF, 0x00FF00])
        guard case .failure(.undecodable("the animation has no frame 4")) = ImageRenderer.render(Self.request(path, frame: 3),
                                                                                                  cursor: &cursor) else {
            Issue.record("a frame past the end was drawn")
            return
        }
    }

    @Test("the helper process answers frames; a still GIF and a still WebP draw like a PNG")
    func framesInTheHelper() throws {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let path = ImageFixtures.write(Self.colours(), named: "c.gif", in: folder)
        let worker = ImageWorker(executable: ImageFixtures.helper)
        for frame in [0, 1, 2, 0] { worker.submit(.render(Self.request(path, frame: frame))) }
        let replies = ImageWorkerTests.drain(worker)
        let colours = replies.compactMap { reply -> Int32? in
            if case let .cells(grid) = reply.outcome { return Self.middle(grid) }
            return nil
        }
        #expect(colours == [0xFF0000, 0x00FF00, 0x0000FF, 0xFF0000])
        #expect(worker.starts == 1)
        let still = ImageFixtures.write(Self.colours(1), named: "one.gif", in: folder)
        #expect(try Self.middle(ImageRenderer.render(Self.request(still, frame: 0)).get()) == 0xFF0000)
        let webp = try WebPDecoderTests.fixture("still-lossless.webp")
        let stillWebP = ImageFixtures.write(webp, named: "still.webp", in: folder)
        #expect((try? ImageRenderer.render(Self.request(stillWebP, frame: 0)).get()) != nil)
        #expect(ImageRenderer.verify(stillWebP) == nil)
        #expect(ImageInspector.checkFile(path) == nil)
    }

    @Test("the wire carries the frame")
    func wireFrame() {
        let request = Self.request("/tmp/a.gif", frame: 9_999)
        guard let frame = ImageWire.request(.render(request), id: 7),
              let parsed = ImageWire.parseRequest(Array(frame.dropFirst(4))) else {
            Issue.record("no request")
            return
        }
        #expect(parsed.id == 7)
        #expect(parsed.job == .render(request))
        let problem = ImageWire.reply(.failed(.tooManyFrames(limit: 10_000)), id: 3)
        guard case .failed(.tooManyFrames(10_000))? = ImageWire.parseReply(Array(problem.dropFirst(4)))?.outcome else {
            Issue.record("tooManyFrames did not cross the wire")
            return
        }
    }

    @Test("a cut GIF: --check says where; the scan gives it one more frame, which the helper reports")
    func cutFile() {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        var bytes = Self.colours()
        bytes.removeLast(40)
        let path = ImageFixtures.write(bytes, named: "cut.gif", in: folder)
        guard case .undecodable(let reason)? = ImageRenderer.verify(path) else {
            Issue.record("a cut GIF passed --check")
            return
        }
        #expect(reason.contains("ends inside frame 3"))
        #expect(MovingPictureScan.pacing(ofFile: path)?.delays == [50, 50, 100])
        var cursor: AnimationCursor?
        #expect((try? ImageRenderer.render(Self.request(path, frame: 1), cursor: &cursor).get()) != nil)
        guard case .failure(.undecodable(let words)) = ImageRenderer.render(Self.request(path, frame: 2), cursor: &cursor) else {
            Issue.record("the cut frame decoded")
            return
        }
        #expect(words.contains("ends inside frame 3"))
    }

    @Test("the load-time scan: moving pictures by story, still ones and others left out, each file read once")
    func scanAtLoad() {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let moving = ImageFixtures.write(Self.colours(), named: "m.gif", in: folder)
        let still = ImageFixtures.write(Self.colours(1), named: "s.gif", in: folder)
        let deck = Deck(stories: [
            Story(id: "a", image: "m.gif", imagePath: moving),
            Story(id: "b", image: "s.gif", imagePath: still),
            Story(id: "c", title: "no picture"),
            Story(id: "d", image: "m.gif", imagePath: moving),
            Story(id: "e", image: "gone.gif", imagePath: folder + "/gone.gif"),
        ])
        let annotated = MovingPictureScan.annotate(deck)
        #expect(annotated.movingPictures.keys.sorted() == [0, 3])
        #expect(annotated.movingPictures[0]?.delays == [50, 50, 50])
        #expect(annotated.duration(ofStory: 0) == 1, "0.15 s of frames: at least 1 s")
        #expect(annotated.duration(ofStory: 1) == 5)
        let lines = PlainText.lines(for: annotated, messages: Messages(language: .english))
        #expect(lines.contains("[animation: m.gif, 0.2s]") && lines.contains("[image: s.gif]"), "\(lines)")
        #expect(PlainText.lines(for: annotated, messages: Messages(language: .spanish)).contains("[animación: m.gif, 0.2s]"))
    }
}
