import Foundation
import Glibc
import Testing

/// Moving pictures played by the real program in tmux (issue 23; docs/IMAGES.md, "Moving pictures"): a GIF of a
/// red, a green and a blue frame of 600 ms shows its colours in order; a pause holds the frame; `--no-autoplay`
/// stands still; hostile files are refused by `--check` and shown as their alt text, never a hang. The colour on
/// screen is the 256-colour code most cells of the styled capture carry (`--colors 256`: red 196, green 46,
/// blue 21). No assertion depends on the machine's speed: frames are awaited, and "never early" is a lower bound.
@Suite("Animation end to end", .serialized)
struct AnimationEndToEndTests {
    static let red = "196", green = "46", blue = "21"

    /// A folder with the three-colour GIF and a deck of one story that shows it for `duration` seconds.
    static func folder(duration: Double = 60, extraStories: String = "") -> String {
        let folder = ImageFixtures.folder()
        var gif = GIFEncoder(width: 32, height: 32, palette: [(255, 0, 0), (0, 255, 0), (0, 0, 255)])
        gif.frames = (0..<3).map { .init(width: 32, height: 32, indices: [UInt8](repeating: UInt8($0), count: 1024), delay: 60) }
        ImageFixtures.write(gif.bytes(), named: "rgb.gif", in: folder)
        let deck = #"{"stories": [{"title": "Colours", "image": "rgb.gif", "alt": "red, green, blue", "duration": \#(duration)}\#(extraStories)]}"#
        ImageFixtures.write(Array(deck.utf8), named: "deck.json", in: folder)
        return folder
    }

    static func session(_ folder: String, options: String = "", events: String? = nil) -> TmuxSession {
        let log = events.map { " --events \(TmuxSession.quote($0))" } ?? ""
        return TmuxSession(command: "\(TmuxSession.quote(TmuxSession.binary)) --colors 256\(log) \(options) "
                           + TmuxSession.quote(folder + "/deck.json"))
    }

    /// The frame's colour: which of red, green and blue most cells carry, nil when none does.
    static func colour(_ styled: [String]) -> String? {
        let text = styled.joined(separator: "\n")
        let counts = [red, green, blue].map { code in (code, text.components(separatedBy: "48;5;\(code)m").count - 1) }
        guard let best = counts.max(by: { $0.1 < $1.1 }), best.1 > 10 else { return nil }
        return best.0
    }

    /// Plays the three-colour GIF's deck (`prepare` may change the folder first), hands the session to `body`, then
    /// quits with q and expects exit 0.
    static func playing(options: String = "", events: String? = nil, prepare: (String) throws -> Void = { _ in },
                        _ body: (TmuxSession) -> Void) throws {
        let folder = Self.folder()
        defer { ImageFixtures.remove(folder) }
        try prepare(folder)
        let session = Self.session(folder, options: options, events: events)
        defer { session.close() }
        body(session)
        session.send("q")
        #expect(session.waitForExit() == 0)
    }

    /// Waits for the frame of `code`.
    static func await(_ code: String, in session: TmuxSession, timeout: Double = 10) -> Bool {
        session.waitForScreen(timeout: timeout, styled: true) { colour($0) == code } != nil
    }

    @Test("the GIF shows red, green, blue, red again, in order, green no earlier than the first frame's delay")
    func coloursInOrder() throws {
        // Timed from before the program starts, not from when red is seen: red is on screen from the
        // first frame, which comes after the launch, so green, due 600 ms after red, is seen at least
        // 600 ms after this instant however slow the machine (measured from red's sighting, a late
        // sighting on a loaded machine made green look early).
        let launched = Date()
        try Self.playing { session in
            #expect(Self.await(Self.red, in: session))
            var order: [String] = [Self.red]
            var greenAfter: Double?
            let end = Date().addingTimeInterval(15)
            while order.count < 4, Date() < end {
                if let now = Self.colour(session.styledScreen()), now != order.last {
                    order.append(now)
                    if now == Self.green, greenAfter == nil { greenAfter = Date().timeIntervalSince(launched) }
                }
                usleep(20_000)
            }
            #expect(order == [Self.red, Self.green, Self.blue, Self.red])
            #expect((greenAfter ?? 0) >= 0.6, "the first frame lasts 600 ms: green never comes early (\(greenAfter ?? 0) s)")
        }
    }

    @Test("a pause holds the frame; resumed, the colours go on")
    func pauseHolds() throws {
        try Self.playing { session in
            #expect(Self.await(Self.green, in: session))
            session.send("p")
            usleep(100_000)
            let held = Self.colour(session.styledScreen())
            let changed = session.waitForScreen(timeout: 2.5, styled: true) { Self.colour($0) != held }
            #expect(changed == nil, "paused for 2.5 s (four delays): the frame stayed \(held ?? "none")")
            session.send("p")
            #expect(session.waitForScreen(timeout: 10, styled: true) { Self.colour($0) != held } != nil, "it goes on")
        }
    }

    @Test("--no-autoplay shows the first frame still")
    func reduceMotion() throws {
        try Self.playing(options: "--no-autoplay") { session in
            #expect(Self.await(Self.red, in: session))
            let moved = session.waitForScreen(timeout: 2.5, styled: true) { Self.colour($0) != Self.red }
            #expect(moved == nil, "red for 2.5 s")
        }
    }

    @Test("a GIF cut inside its last frame plays red and green, keeps green where blue was cut, and says so once")
    func cutFileReportsOnce() throws {
        let events = FaultEndToEndTests.eventsPath()
        defer { unlink(events) }
        let cut = { (folder: String) in
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/rgb.gif")))
            bytes.removeLast(200)
            ImageFixtures.write(bytes, named: "rgb.gif", in: folder)
        }
        try Self.playing(events: events, prepare: cut) { session in
            #expect(Self.await(Self.green, in: session))
            // Two runs and more (red, green, the cut frame: 0.6 + 0.6 + 0.1 s a run).
            let end = Date().addingTimeInterval(3)
            var colours: Set<String> = []
            while Date() < end {
                if let colour = Self.colour(session.styledScreen()) { colours.insert(colour) }
                usleep(20_000)
            }
            #expect(!colours.contains(Self.blue), "the cut frame is never drawn")
        }
        let errors = FaultEndToEndTests.events(events).filter { $0.contains(#""event":"error""#) }
        #expect(errors.count == 1, "\(FaultEndToEndTests.events(events))")
        #expect(errors.first?.contains("ends inside frame 3") == true, "\(errors)")
    }

    /// The hostile files: a zero-length file, a GIF of 65 535 frames of 1 × 1, a GIF claiming 65535 × 65535, a
    /// WebP with a 16384 × 16384 canvas; each with what `--check` says.
    static func hostile(in folder: String) -> [(name: String, says: String)] {
        ImageFixtures.write([], named: "empty.gif", in: folder)
        var many = GIFEncoder(width: 1, height: 1, palette: [(255, 0, 0)])
        many.frames = Array(repeating: .init(width: 1, height: 1, indices: [0]), count: 65_535)
        ImageFixtures.write(many.bytes(), named: "many.gif", in: folder)
        var huge = GIFEncoder(width: 65535, height: 65535, palette: [(255, 0, 0)])
        huge.frames = [.init(width: 1, height: 1, indices: [0])]
        ImageFixtures.write(huge.bytes(), named: "huge.gif", in: folder)
        let canvas = WebPDecoderTests.canvas(width: 16384, height: 16384)
        ImageFixtures.write(WebPDecoderTests.riff([("VP8X", canvas), ("ANIM", [0, 0, 0, 0, 0, 0])]), named: "huge.webp", in: folder)
        return [("empty.gif", "not a PNG, JPEG, GIF or WebP image"), ("many.gif", "too many frames"),
                ("huge.gif", "too many pixels (65535×65535"), ("huge.webp", "too many pixels (16384×16384")]
    }

    @Test("hostile moving pictures: --check refuses each with its JSON path; playing shows the alt text, never a hang")
    func hostileFiles() throws {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let files = Self.hostile(in: folder)
        let stories = files.map { #"{"title": "\#($0.name)", "image": "\#($0.name)", "alt": "hostile \#($0.name)"}"# }
        ImageFixtures.write(Array("[\(stories.joined(separator: ","))]".utf8), named: "deck.json", in: folder)
        let check = ProcessRunner.run([TmuxSession.binary, "--check", folder + "/deck.json"])
        #expect(check.status == 65)
        for (index, file) in files.enumerated() {
            let line = check.standardError.split(separator: "\n").first { $0.contains("error: [\(index)].image: ") }
            #expect(line?.contains("/\(file.name)': \(file.says)") == true, "\(check.standardError)")
        }
        let session = TmuxSession(command: "\(TmuxSession.quote(TmuxSession.binary)) --no-autoplay "
                                  + TmuxSession.quote(folder + "/deck.json"))
        defer { session.close() }
        for (index, file) in files.enumerated() {
            if index > 0 { session.send("Right") }
            let shown = session.waitForScreen(timeout: 10) { $0.joined().contains("hostile \(file.name)") }
            #expect(shown != nil, "the alt text of \(file.name)")
        }
        session.send("q")
        #expect(session.waitForExit() == 0)
    }
}
