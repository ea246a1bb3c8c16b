import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Which frames of a moving picture are converted with chafa's lighter search (`FrameQuality`; docs/IMAGES.md,
/// "Cells that did not change"): a playing frame; never a standing one (paused, the first frame, `--no-autoplay`),
/// which is drawn as a still picture is.
@Suite struct FrameQualityTests {
    @Test("the choice: playing frames after the first, in symbols; paused, the frame due stands")
    func choice() {
        // Playing: the frame due and those ahead.
        #expect(FrameQuality.isPlaying(frame: 5, due: true, running: true, autoplay: true, symbols: true))
        #expect(FrameQuality.isPlaying(frame: 6, due: false, running: true, autoplay: true, symbols: true))
        // Paused or held: the frame due stands; those ahead are for when it plays on.
        #expect(!FrameQuality.isPlaying(frame: 5, due: true, running: false, autoplay: true, symbols: true))
        #expect(FrameQuality.isPlaying(frame: 6, due: false, running: false, autoplay: true, symbols: true))
        // The first frame always stands: the story shows it first, and the neighbours' picture is asked for early.
        #expect(!FrameQuality.isPlaying(frame: 0, due: true, running: true, autoplay: true, symbols: true))
        #expect(!FrameQuality.isPlaying(frame: 0, due: false, running: true, autoplay: true, symbols: true))
        // --no-autoplay: the still first frame, and nothing else plays.
        #expect(!FrameQuality.isPlaying(frame: 0, due: true, running: false, autoplay: false, symbols: true))
        #expect(!FrameQuality.isPlaying(frame: 3, due: true, running: false, autoplay: false, symbols: true))
        // The terminal's pixels take no symbol search.
        #expect(!FrameQuality.isPlaying(frame: 5, due: true, running: true, autoplay: true, symbols: false))
        #expect(FrameQuality.workFactor(playing: true) == FrameQuality.playingWorkFactor)
        #expect(FrameQuality.workFactor(playing: false) == 0, "chafa's own")
        #expect(ImageRequest(path: "/a.gif", columns: 4, rows: 2, mode: .truecolor, frame: 0, playing: true).playing == false)
    }

    @Test("the wire carries a playing frame, and the helper converts it with the lighter search")
    func wire() throws {
        for playing in [false, true] {
            let request = ImageRequest(path: "/tmp/a.gif", columns: 8, rows: 4, mode: .indexed240, frame: 9_999,
                                       playing: playing)
            let frame = try #require(ImageWire.request(.render(request), id: 7))
            let parsed = try #require(ImageWire.parseRequest(Array(frame.dropFirst(4))))
            #expect(parsed.job == .render(request))
            #expect(ImageRenderer.conversion(for: request).work_factor == (playing ? FrameQuality.playingWorkFactor : 0))
        }
    }

    static let deck = AnimationSessionTests.deck(duration: 5)
    static let settings = AnimationSessionTests.settings

    /// Answers each gif frame asked for: a playing one as "P", a standing one as "S" (the still "W").
    static func answer(_ harness: SessionHarness, at time: Double) {
        var answered: Set<ImageRequest> = []
        for request in harness.pictureRequests.joined() where answered.insert(request).inserted {
            let symbol: Character = !request.path.hasSuffix(".gif") ? "W" : request.playing ? "P" : "S"
            let cell = ImageCell(character: symbol, foreground: .indexed(196), background: .indexed(21))
            harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(
                ImageCells(columns: request.columns, rows: request.rows,
                           cells: Array(repeating: cell, count: request.columns * request.rows))))), at: time)
        }
    }

    static func shown(_ harness: SessionHarness) -> Character? {
        let screen = harness.screen.joined()
        return ["P", "S"].first { screen.contains(String(repeating: String($0), count: 4)) }
    }

    @Test("playing, frames after the first are asked for as playing; paused, the frame on screen again, standing")
    func pauseAsksStanding() {
        let harness = SessionHarness(Self.deck, settings: Self.settings)
        let first = (harness.pictureRequests.last ?? []).filter { $0.path.hasSuffix(".gif") }
        #expect(first.map(\.frame) == [0, 1, 2])
        #expect(first.map(\.playing) == [false, true, true], "the first frame stands")
        Self.answer(harness, at: 0.01)
        harness.run(until: 0.15)
        Self.answer(harness, at: 0.15)
        #expect(harness.session.model.pictures.frame == 1)
        #expect(Self.shown(harness) == "P", "frame 1 as it plays")
        harness.type("p", at: 0.2)
        let paused = (harness.pictureRequests.last ?? []).filter { $0.path.hasSuffix(".gif") }
        #expect(paused.first == first[1].at(frame: 1, playing: false), "frame 1 again, standing")
        #expect(Self.shown(harness) == "P", "the playing frame stays until the standing one comes")
        Self.answer(harness, at: 0.3)
        #expect(Self.shown(harness) == "S")
        harness.type("p", at: 1.0)
        harness.run(until: 1.2)
        Self.answer(harness, at: 1.2)
        #expect(harness.session.model.pictures.frame == 2)
        #expect(Self.shown(harness) == "P", "playing again")
    }

    @Test("--no-autoplay: the first frame, standing, and nothing ahead")
    func noAutoplay() {
        let harness = SessionHarness(Self.deck, options: PlaybackOptions(autoplay: false), settings: Self.settings)
        let asked = (harness.pictureRequests.last ?? []).filter { $0.path.hasSuffix(".gif") }
        #expect(asked.map(\.frame) == [0])
        #expect(asked.map(\.playing) == [false])
    }
}
