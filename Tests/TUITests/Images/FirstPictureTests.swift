import Engine
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// The first story's picture asked for before the terminal says its background (`ViewerLauncher
/// .convertFirstPicture`): a JPEG's conversions are keyed without the backdrop, so the model's later
/// request finds the early one; a PNG's are not (transparent pixels show the backdrop).
@Suite("Images: the first picture converted before the background is known")
struct FirstPictureTests {
    static let pixels = ImageFixtures.Pixels(width: 16, height: 16) { x, y in (UInt8(x * 16), UInt8(y * 16), 90, 255) }

    static func request(_ path: String, _ backdrop: ImageBackdrop) -> ImageRequest {
        ImageRequest(path: path, columns: 20, rows: 10, mode: .truecolor, fit: .contain, backdrop: backdrop)
    }

    @Test("a JPEG's requests that differ only in backdrop have one key; a PNG's have two")
    func keys() {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let jpeg = ImageFixtures.write(ImageFixtures.jpeg(Self.pixels), named: "photo.jpg", in: folder)
        let png = ImageFixtures.write(ImageFixtures.png(Self.pixels), named: "sticker.png", in: folder)
        // A PNG named .jpg is still a PNG: the first bytes decide, not the name.
        let disguised = ImageFixtures.write(ImageFixtures.png(Self.pixels), named: "disguised.jpg", in: folder)
        let loader = ImageLoader()
        let early = ImageBackdrop.unknown(), answered = ImageBackdrop.color(.rgb(250, 250, 250))
        #expect(loader.key(Self.request(jpeg, early)) == loader.key(Self.request(jpeg, answered)))
        #expect(loader.key(Self.request(png, early)) != loader.key(Self.request(png, answered)))
        #expect(loader.key(Self.request(disguised, early)) != loader.key(Self.request(disguised, answered)))
        // Everything else still tells conversions apart.
        let smaller = ImageRequest(path: jpeg, columns: 10, rows: 10, mode: .truecolor, fit: .contain, backdrop: early)
        #expect(loader.key(smaller) != loader.key(Self.request(jpeg, early)))
        // The terminal's pixels and the frame too: a JPEG for kitty was keyed as its symbols, and the reply,
        // read by that key, had no pixels to draw (a blank box in real kitty).
        let kitty = PixelFormat(graphicsProtocol: .kitty, cell: PixelSize(width: 10, height: 20))
        let pixelKey = loader.key(ImageRequest(path: jpeg, columns: 20, rows: 10, mode: .truecolor, fit: .contain,
                                               backdrop: answered, pixels: kitty))
        #expect(pixelKey.request.pixels == kitty && pixelKey != loader.key(Self.request(jpeg, early)))
        #expect(loader.key(Self.request(jpeg, early).at(frame: 2)).request.frame == 2)
    }

    @Test("one conversion of a JPEG answers the early request and the model's, each by its own request")
    func sharedConversion() throws {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let jpeg = ImageFixtures.write(ImageFixtures.jpeg(Self.pixels), named: "photo.jpg", in: folder)
        let worker = ImageWorker(executable: ImageFixtures.helper)
        let loader = ImageLoader(worker: worker)
        let early = Self.request(jpeg, .unknown()), model = Self.request(jpeg, .color(.rgb(250, 250, 250)))
        #expect(loader.submit(early))
        // Asked again with the answered backdrop while converting: no second job.
        #expect(!loader.submit(model))
        var results: [ImageResult] = []
        while !worker.isIdle { results += loader.receive(); usleep(5_000) }
        #expect(Set(results.map(\.request)) == [early, model])
        #expect(try results.map { try $0.outcome.get() }.allSatisfy { $0 == (try results[0].outcome.get()) })
        #expect(loader.cached(model) != nil && worker.starts == 1)
    }

    @Test("the first JPEG is asked for before the probe returns where no answer can change its form (symbols, a multiplexer), not where the answers decide")
    func beforeTheProbe() {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let jpeg = ImageFixtures.write(ImageFixtures.jpeg(Self.pixels), named: "photo.jpg", in: folder)
        let deck = Deck(defaultDuration: 10, stories: [Story(id: "p", title: "Photo", image: "photo.jpg", imagePath: jpeg)],
                        baseDirectory: folder)
        /// The launcher's early request, if it makes one.
        func early(_ setting: ImagesSetting, term: String, tmux: String? = nil) -> ImageRequest? {
            let graphics = GraphicsDetection(setting: setting, environment: GraphicsEnvironment(term: term, tmux: tmux))
            let settings = ViewerModel.Settings(images: .symbols(.truecolor), keyRelease: .off, asksBackground: true,
                                                graphics: graphics)
            return ViewerLauncher.firstPictureRequest(deck: deck, playbackOptions: PlaybackOptions(), settings: settings,
                                                      size: TerminalSize(width: 80, height: 24))
        }
        #expect(early(.symbols, term: "xterm-256color")?.path == jpeg)
        #expect(early(.auto, term: "tmux-256color")?.path == jpeg, "TERM names tmux: symbols whatever is answered")
        #expect(early(.auto, term: "xterm-256color", tmux: "/tmp/tmux-0/default,1,0")?.pixels == nil)
        #expect(early(.auto, term: "xterm-256color") == nil, "the terminal may answer kitty or sixel")
        #expect(early(.kitty, term: "tmux-256color") == nil, "a forced protocol waits for the cell size")
        // The early request is the model's own once the answers came: one conversion serves both.
        let loader = ImageLoader()
        let settled = early(.symbols, term: "xterm-256color")
        let answered = settled?.over(.color(.rgb(250, 250, 250)))
        #expect(settled.map { loader.key($0) } == answered.map { loader.key($0) })
    }

    @Test("JPEG is recognised by its first three bytes")
    func heads() {
        #expect(OpaqueFormat.isOpaque([0xFF, 0xD8, 0xFF, 0xE0]))
        #expect(!OpaqueFormat.isOpaque([0x89, 0x50, 0x4E, 0x47]))
        #expect(!OpaqueFormat.isOpaque([0xFF, 0xD8]))
        #expect(!OpaqueFormat.isOpaque([]))
        #expect(!OpaqueFormat.isOpaque(path: "/nonexistent/stories-tui/photo.jpg"))
    }
}
