import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// A moving picture plays in its story (SPEC 8.3; docs/IMAGES.md, "Moving pictures"): each frame at its delay by
/// the story's clock, looping; a story without `duration` lasts one run (at least 1 s); a pause holds the frame and
/// resumes where it was; `--no-autoplay` shows the first frame still; navigation stops it at once; a frame that
/// cannot be decoded keeps the last good one and is reported once. Times are hand-written; each frame's cells
/// are one symbol, so the screen says which frame is shown.
@Suite("Animation sessions")
struct AnimationSessionTests {
    /// Frame 0, 1, 2 drawn as these symbols.
    static let symbols: [Character] = ["X", "Y", "Z"]
    static let settings = ViewerModel.Settings(images: .symbols(.indexed240))

    /// A 3-frame animation (100, 200, 300 ms: one run of 0.6 s) in story "spin", then a still story.
    static func deck(duration: Double? = nil) -> Deck {
        var deck = Deck(defaultDuration: 5, stories: [
            Story(id: "spin", title: "Spin", duration: duration, image: "spin.gif", imagePath: "/d/spin.gif"),
            Story(id: "still", title: "Still", image: "still.png", imagePath: "/d/still.png"),
        ], baseDirectory: "/d")
        deck.movingPictures = [0: AnimationPacing(storedDelays: [100, 200, 300])]
        return deck
    }

    /// Answers every conversion asked for so far (each frame as its symbol), or only those `answer` accepts.
    static func answer(_ harness: SessionHarness, at time: Double,
                       failing: Set<Int> = [], only: (ImageRequest) -> Bool = { _ in true }) {
        var answered: Set<ImageRequest> = []
        for request in harness.pictureRequests.joined() where only(request) && answered.insert(request).inserted {
            let outcome: Result<ImageCells, ImageProblem>
            if request.path.hasSuffix(".gif"), failing.contains(request.frame) {
                outcome = .failure(.undecodable("the file ends inside frame \(request.frame + 1)"))
            } else {
                let symbol = request.path.hasSuffix(".gif") ? symbols[request.frame % symbols.count] : "W"
                let cell = ImageCell(character: symbol, foreground: .indexed(196), background: .indexed(21))
                outcome = .success(ImageCells(columns: request.columns, rows: request.rows,
                                              cells: Array(repeating: cell, count: request.columns * request.rows)))
            }
            harness.send(.imageLoaded(ImageResult(request: request, outcome: outcome)), at: time)
        }
    }

    /// The frame on screen (its index), nil when none of the frames' symbols is.
    static func shownFrame(_ harness: SessionHarness) -> Int? {
        let screen = harness.screen.joined()
        return symbols.firstIndex { screen.contains(String(repeating: String($0), count: 4)) }
    }

    /// The gif's frames asked for in the last request, in order.
    static func framesAsked(_ harness: SessionHarness) -> [Int] {
        (harness.pictureRequests.last ?? []).filter { $0.path.hasSuffix(".gif") }.map(\.frame)
    }

    @Test("frames change at their own delays by the story's clock, and loop within the story")
    func framesAtTheirDelays() {
        let harness = SessionHarness(Self.deck(duration: 3), settings: Self.settings)
        #expect(Self.framesAsked(harness) == [0, 1, 2], "the frame due and those ahead (a bounded queue)")
        Self.answer(harness, at: 0.01)
        var seen: [Int?] = []
        for time in [0.05, 0.15, 0.25, 0.35, 0.55, 0.65, 0.75, 1.25] {
            harness.run(until: time)
            Self.answer(harness, at: time)
            seen.append(Self.shownFrame(harness))
        }
        #expect(seen == [0, 1, 1, 2, 2, 0, 1, 0], "0–0.1 s frame 0, 0.1–0.3 frame 1, 0.3–0.6 frame 2, then again")
    }

    @Test("the model wakes for the next frame, not only for the bar")
    func wakesForTheNextFrame() {
        let harness = SessionHarness(Self.deck(duration: 3), settings: Self.settings)
        Self.answer(harness, at: 0.01)
        harness.run(until: 0.02)
        #expect(harness.session.model.pictures.frameWake.map { abs($0 - 0.1) < 1e-9 } == true)
        #expect(harness.session.model.pendingDeadline.map { abs($0 - 0.1) < 1e-9 } == true, "the loop's deadline")
        #expect(harness.session.model.nextWake(at: 0.02).map { $0 <= 0.1 + 1e-9 } == true)
        harness.run(until: 0.1)
        #expect(harness.session.model.pictures.frame == 1)
        #expect(harness.session.model.pictures.frameWake.map { abs($0 - 0.3) < 1e-9 } == true)
    }

    @Test("a story without duration lasts one run of its frames, at least 1 s; begin says the run's length")
    func oneRun() {
        let harness = SessionHarness(Self.deck(), settings: Self.settings)
        harness.run(until: 0.99)
        #expect(harness.session.model.playing.playback.currentIndex == 0)
        harness.run(until: 1.01)
        #expect(harness.session.model.playing.playback.currentIndex == 1, "0.6 s of frames, at least 1 s")
        var long = Self.deck()
        long.movingPictures = [0: AnimationPacing(storedDelays: [1000, 1500])]
        let slow = SessionHarness(long, settings: Self.settings)
        slow.run(until: 2.4)
        #expect(slow.session.model.playing.playback.currentIndex == 0)
        slow.run(until: 2.6)
        #expect(slow.session.model.playing.playback.currentIndex == 1, "one run of 2.5 s")
        var playback = Playback(deck: Self.deck())
        let begin = playback.begin(at: 0).first { if case .begin = $0.kind { true } else { false } }
        #expect(begin?.jsonLine(origin: 0) == #"{"t":0.000,"event":"begin","index":0,"id":"spin","length":0.6}"#)
    }

    @Test("paused, the frame holds; resumed, it goes on where it was")
    func pauseHolds() {
        let harness = SessionHarness(Self.deck(duration: 5), settings: Self.settings)
        Self.answer(harness, at: 0.01)
        harness.run(until: 0.15)
        Self.answer(harness, at: 0.15)
        #expect(Self.shownFrame(harness) == 1)
        harness.type("p", at: 0.2)
        #expect(harness.session.model.pictures.frameWake == nil, "nothing is due while paused")
        harness.run(until: 2.0)
        #expect(Self.shownFrame(harness) == 1, "held")
        harness.type("p", at: 2.0)
        harness.run(until: 2.05)
        #expect(Self.shownFrame(harness) == 1, "0.25 s of the story's clock: still frame 1")
        harness.run(until: 2.15)
        Self.answer(harness, at: 2.15)
        #expect(Self.shownFrame(harness) == 2, "0.35 s of the story's clock: frame 2")
    }

    @Test("--no-autoplay shows the first frame still and asks for no other")
    func reduceMotion() {
        let harness = SessionHarness(Self.deck(), options: PlaybackOptions(autoplay: false), settings: Self.settings)
        #expect(Self.framesAsked(harness) == [0])
        Self.answer(harness, at: 0.01)
        harness.run(until: 3)
        #expect(Self.shownFrame(harness) == 0)
        #expect(harness.session.model.pictures.frameWake == nil)
        #expect(harness.pictureRequests.joined().allSatisfy { $0.frame == 0 })
    }

    @Test("navigation stops the animation at once: the next story asks for no frame of it")
    func navigationStops() {
        let harness = SessionHarness(Self.deck(duration: 5), settings: Self.settings)
        Self.answer(harness, at: 0.01)
        harness.type("l", at: 0.2)
        #expect(Self.shownFrame(harness) == nil, "the still story's picture, no frame")
        #expect(harness.session.model.pictures.frameWake == nil)
        let asked = harness.pictureRequests.count
        harness.run(until: 1.5)
        #expect(harness.pictureRequests.count == asked, "no frame asked for after the story changed")
        harness.type("h", at: 1.6)
        #expect(harness.session.model.pictures.frame == 0, "back at its first frame")
    }

    @Test("a frame that cannot be decoded keeps the last good one, reported once")
    func brokenFrameKeepsTheLastGood() {
        let harness = SessionHarness(Self.deck(duration: 5), settings: Self.settings)
        Self.answer(harness, at: 0.01, failing: [2])
        harness.run(until: 0.35)
        Self.answer(harness, at: 0.35, failing: [2])
        #expect(Self.shownFrame(harness) == 1, "frame 2 is broken: frame 1 stays")
        harness.run(until: 1.0)
        Self.answer(harness, at: 1.0, failing: [2])
        harness.run(until: 1.6)
        #expect(harness.errors.count == 1, "\(harness.errors)")
        #expect(harness.errors.first?.contains("frame 3") == true)
    }

    @Test("a frame writes only the cells that changed (the screen's diff)")
    func onlyChangedCells() {
        let harness = SessionHarness(Self.deck(duration: 30), settings: Self.settings)
        // Every frame is the same field of "X" but for one cell, a different one in each frame.
        for request in harness.pictureRequests.joined() where request.path.hasSuffix(".gif") {
            let plain = ImageCell(character: "X", foreground: .indexed(196), background: .indexed(21))
            var cells = Array(repeating: plain, count: request.columns * request.rows)
            cells[request.frame * 7 + 3] = ImageCell(character: "O", foreground: .indexed(46), background: .indexed(21))
            let picture = ImageCells(columns: request.columns, rows: request.rows, cells: cells)
            harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(picture))), at: 0.01)
        }
        harness.run(until: 0.09)
        let before = harness.terminal.cellsWritten
        harness.run(until: 0.11)
        #expect(harness.session.model.pictures.frame == 1)
        let written = harness.terminal.cellsWritten - before
        #expect(written >= 2 && written <= 4, "the two cells that changed, and at most a bar step: \(written)")
    }

    @Test("the queue ahead is bounded: the frame due and three more, round the loop, whatever the length")
    func boundedQueue() {
        var deck = Self.deck(duration: 30)
        deck.movingPictures = [0: AnimationPacing(storedDelays: Array(repeating: 100, count: 10_000))]
        let harness = SessionHarness(deck, settings: Self.settings)
        #expect(Self.framesAsked(harness) == [0, 1, 2, 3])
        harness.run(until: 0.55)
        #expect(Self.framesAsked(harness) == [5, 6, 7, 8], "frames behind are no longer asked for")
        #expect(harness.pictureRequests.allSatisfy { $0.filter { $0.path.hasSuffix(".gif") }.count <= 4 })
        var short = Self.deck(duration: 30)
        short.movingPictures = [0: AnimationPacing(storedDelays: [100, 100, 100, 100, 100])]
        let looping = SessionHarness(short, settings: Self.settings)
        looping.run(until: 0.35)
        #expect(Self.framesAsked(looping) == [3, 4, 0, 1], "round the loop")
    }

    @Test("the bar keeps its rhythm: at every moment its row is the one a still picture's story has")
    func barKeepsItsRhythm() {
        let moving = SessionHarness(Self.deck(duration: 3), settings: Self.settings)
        var stillDeck = Self.deck(duration: 3)
        stillDeck.movingPictures = [:]
        let still = SessionHarness(stillDeck, settings: Self.settings)
        Self.answer(moving, at: 0.01)
        Self.answer(still, at: 0.01)
        for step in 1...58 {
            let time = Double(step) * 0.05
            moving.run(until: time)
            still.run(until: time)
            Self.answer(moving, at: time)
            #expect(moving.screen[0] == still.screen[0], "the bar at \(time) s")
        }
    }
}

