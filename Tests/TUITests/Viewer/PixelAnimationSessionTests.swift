import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// A moving picture in the terminal's pixels (docs/IMAGES.md, "Moving pictures in pixels"), through the loop the
/// binary runs: the frames are asked for in the pixel format, the frame due and three ahead, paced by the story's
/// clock; each frame the helper sends back replaces the one before on the terminal (kitty: placed, then the one
/// before deleted by id); a pause holds the frame, `--no-autoplay` stands still, a story change stops the frames
/// and leaves no picture, and a frame that cannot be decoded keeps the last good one. Times are hand-written.
@Suite("Pixel animation sessions")
struct PixelAnimationSessionTests {
    /// `AnimationSessionTests`' deck: a 3-frame animation (100, 200, 300 ms) in story "spin", then a still story.
    static func deck(duration: Double? = 5) -> Deck { AnimationSessionTests.deck(duration: duration) }

    static func harness(_ deck: Deck = deck(), autoplay: Bool = true, xterm: Bool = false) -> SessionHarness {
        let harness = SessionHarness(deck, options: PlaybackOptions(autoplay: autoplay),
                                     settings: PixelPictureSessionTests.settings(term: xterm ? "xterm" : "xterm-kitty"))
        harness.type(xterm ? PixelPictureSessionTests.xtermAnswers : PixelPictureSessionTests.kittyAnswers, at: 0.0)
        return harness
    }

    /// The kitty id of a frame (10 + its index), of the still picture 99; its payload names it: `<f1>`, `<still>`.
    static func id(_ request: ImageRequest) -> UInt32 { request.path.hasSuffix(".gif") ? 10 + UInt32(request.frame) : 99 }

    /// Answers every pixel request asked for so far, each frame its own picture of 8 × 4 cells; frames in
    /// `failing` cannot be decoded.
    static func answer(_ harness: SessionHarness, at time: Double, failing: Set<Int> = [],
                       only: (ImageRequest) -> Bool = { _ in true }) {
        var answered: Set<ImageRequest> = []
        for request in harness.pictureRequests.joined() where only(request) && answered.insert(request).inserted {
            guard let format = request.pixels else { continue }
            if request.path.hasSuffix(".gif"), failing.contains(request.frame) {
                harness.send(.imageLoaded(ImageResult(request: request, outcome: .failure(.undecodable("frame \(request.frame + 1) is damaged")))),
                             at: time)
                continue
            }
            let name = request.path.hasSuffix(".gif") ? "f\(request.frame)" : "still"
            let payload = PixelPayload(graphicsProtocol: format.graphicsProtocol, id: id(request), bytes: Array("<\(name)>".utf8))
            harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(ImageCells(columns: 8, rows: 4, cells: [],
                                                                                                 pixels: payload)))), at: time)
        }
    }

    static func text(_ harness: SessionHarness) -> String { String(decoding: harness.terminal.pictureBytes, as: UTF8.self) }

    /// The frames drawn so far, in order (the payloads' names: `<f0>` is 0).
    static func framesDrawn(_ harness: SessionHarness) -> [Int] {
        text(harness).components(separatedBy: "<f").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    /// The kitty ids deleted with their data so far, in order.
    static func deleted(_ harness: SessionHarness) -> [UInt32] {
        text(harness).components(separatedBy: "d=I,i=").dropFirst().compactMap { UInt32($0.prefix { $0.isNumber }) }
    }

    @Test("the frames are asked for in kitty's pixels: the frame due and three ahead (round the loop), then the neighbour")
    func askedInPixels() throws {
        let harness = Self.harness()
        let asked = try #require(harness.pictureRequests.last)
        #expect(asked.filter { $0.path.hasSuffix(".gif") }.map(\.frame) == [0, 1, 2], "three frames: all of them, once")
        #expect(asked.allSatisfy { $0.pixels?.graphicsProtocol == .kitty }, "\(asked)")
        #expect(asked.last?.path == "/d/still.png")
    }

    @Test("each frame at its delay by the story's clock; each replaces the one before: placed, then the old one deleted by id")
    func framesReplaceEachOther() {
        let harness = Self.harness()
        Self.answer(harness, at: 0.01)
        for time in [0.05, 0.15, 0.25, 0.35, 0.55, 0.65, 0.75] {
            harness.run(until: time)
            Self.answer(harness, at: time)
        }
        #expect(Self.framesDrawn(harness) == [0, 1, 2, 0, 1], "0–0.1 s frame 0, 0.1–0.3 frame 1, 0.3–0.6 frame 2, then again")
        let text = Self.text(harness)
        let second = text.range(of: "<f1>")?.lowerBound, firstDeleted = text.range(of: "d=I,i=10,")?.lowerBound
        #expect(second != nil && firstDeleted != nil && second! < firstDeleted!, "frame 1 placed before frame 0 is deleted")
        #expect(text.contains("<f1>\u{1B}8\u{1B}_Ga=d,d=I,i=10,q=2\u{1B}\\\u{1B}[?2026l"), "in the same synchronized update")
        #expect(Self.deleted(harness) == [10, 11, 12, 10], "every frame but the one on screen deleted once")
    }

    @Test("paused, the frame on screen holds and nothing is written; resumed, the frames go on by the story's clock")
    func pauseHolds() {
        let harness = Self.harness()
        Self.answer(harness, at: 0.01)
        harness.run(until: 0.15)
        Self.answer(harness, at: 0.15)
        harness.type("p", at: 0.2)
        let paused = harness.terminal.pictureBytes
        harness.run(until: 2.0)
        Self.answer(harness, at: 2.0)
        #expect(harness.terminal.pictureBytes == paused, "held: no frame written")
        #expect(Self.framesDrawn(harness).last == 1)
        harness.type("p", at: 2.0)
        harness.run(until: 2.15)
        Self.answer(harness, at: 2.15)
        #expect(Self.framesDrawn(harness).last == 2, "0.35 s of the story's clock: frame 2")
    }

    @Test("--no-autoplay: frame 0 in pixels, drawn once, no other asked for")
    func reduceMotion() {
        let harness = Self.harness(autoplay: false)
        Self.answer(harness, at: 0.01)
        harness.run(until: 3)
        Self.answer(harness, at: 3)
        #expect(Self.framesDrawn(harness) == [0])
        #expect(harness.pictureRequests.joined().filter { $0.path.hasSuffix(".gif") }.allSatisfy { $0.frame == 0 && $0.pixels != nil })
    }

    @Test("a story change stops the frames at once: the frame on screen deleted, none of the old story asked for or drawn again")
    func storyChangeStops() {
        let harness = Self.harness()
        Self.answer(harness, at: 0.01)
        harness.run(until: 0.15)
        Self.answer(harness, at: 0.15)
        harness.type("l", at: 0.2)
        Self.answer(harness, at: 0.2)
        let change = Self.text(harness)
        #expect(change.hasSuffix("\u{1B}_Ga=d,d=I,i=11,q=2\u{1B}\\\u{1B}[?2026h\u{1B}7\u{1B}[11;37H<still>\u{1B}8\u{1B}[?2026l"),
                "frame 1 deleted before the update, then the next story's picture: \(change.suffix(90).debugDescription)")
        let asked = harness.pictureRequests.count
        harness.run(until: 1.5)
        #expect(harness.pictureRequests.count == asked && Self.framesDrawn(harness) == [0, 1])
        #expect(Set(Self.deleted(harness)) == [10, 11], "every frame drawn is deleted with its data")
        harness.type("q", at: 1.6)
        #expect(harness.exitCode == 0)
        harness.terminal.stop()
        #expect(Self.text(harness).hasSuffix("<still>\u{1B}8\u{1B}[?2026l\u{1B}_Ga=d,d=A,q=2\u{1B}\\"),
                "the way out deletes every kitty picture (TerminalModes.picturesDisable)")
    }

    @Test("a frame that cannot be decoded keeps the last good frame on screen (not deleted), reported once")
    func brokenFrameKeepsTheLastGood() {
        let harness = Self.harness()
        Self.answer(harness, at: 0.01, failing: [2])
        harness.run(until: 0.35)
        Self.answer(harness, at: 0.35, failing: [2])
        #expect(Self.framesDrawn(harness) == [0, 1], "frame 2 is broken: frame 1 stays")
        #expect(Self.deleted(harness) == [10], "frame 1 is not deleted")
        harness.run(until: 1.6)
        Self.answer(harness, at: 1.6, failing: [2])
        #expect(harness.errors.count == 1, "\(harness.errors)")
    }

    @Test("a terminal too slow for the frames gets fewer of them, by the story's clock: the frame due when it caught up")
    func slowTerminalSkipsFrames() {
        var deck = Self.deck()
        deck.movingPictures = [0: AnimationPacing(storedDelays: Array(repeating: 100, count: 10))]
        let harness = Self.harness(deck)
        Self.answer(harness, at: 0.01)
        harness.terminal.behind = true
        for time in stride(from: 0.05, through: 0.45, by: 0.1) {
            harness.run(until: time)
            Self.answer(harness, at: time)
        }
        #expect(Self.framesDrawn(harness) == [0], "frames 1–4 skipped while the terminal was behind")
        #expect(harness.terminal.owesOutput)
        harness.terminal.behind = false
        harness.run(until: 0.48)
        #expect(Self.framesDrawn(harness) == [0, 4], "caught up: the frame due then, not the next one in line")
        harness.run(until: 0.55)
        Self.answer(harness, at: 0.55)
        #expect(Self.framesDrawn(harness) == [0, 4, 5])
    }

    @Test("frames slower to convert than their delays: a frame back after its time is shown until the due one comes, no freeze")
    func lateFramesPlay() {
        var deck = Self.deck()
        deck.movingPictures = [0: AnimationPacing(storedDelays: Array(repeating: 100, count: 10))]
        let harness = Self.harness(deck)
        Self.answer(harness, at: 0.01, only: { $0.frame == 0 })
        harness.run(until: 0.45)
        #expect(Self.framesDrawn(harness) == [0], "nothing back yet: frame 0 holds")
        // The helper's job in hand (frame 1, asked at the start) comes back when frame 4 is due.
        Self.answer(harness, at: 0.45, only: { $0.frame == 1 })
        #expect(Self.framesDrawn(harness) == [0, 1], "shown rather than dropped: the picture moves at the rate it can")
        Self.answer(harness, at: 0.47, only: { $0.frame == 4 })
        #expect(Self.framesDrawn(harness) == [0, 1, 4], "the frame due, once back")
    }

    @Test("sixel: a moving picture is asked for over an opaque backdrop, each frame drawn over the one before, no rows repainted")
    func sixelFrames() throws {
        let harness = Self.harness(xterm: true)
        let frame = try #require(harness.pictureRequests.last?.first)
        #expect(frame.pixels?.graphicsProtocol == .sixel && frame.backdrop.isKnown, "no pixel left transparent: \(frame.backdrop)")
        let still = try #require(harness.pictureRequests.last?.last)
        #expect(still.path == "/d/still.png" && !still.backdrop.isKnown, "a still picture keeps its transparency")
        Self.answer(harness, at: 0.01)
        harness.run(until: 0.15)
        Self.answer(harness, at: 0.15)
        #expect(Self.framesDrawn(harness) == [0, 1])
        #expect(harness.terminal.repaintedRows.isEmpty, "a repaint would blank the picture between frames")
        #expect(Self.text(harness).hasSuffix("\u{1B}7\u{1B}[11;37H<f1>\u{1B}8"))
        harness.type("l", at: 0.2)
        #expect(harness.terminal.repaintedRows.count == 1, "the story change repaints the last frame's rows")
    }
}
