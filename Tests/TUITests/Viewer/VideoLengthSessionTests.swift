import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// A video's length arrives after the deck is on screen (docs/IMAGES.md, "Video"): the viewer asks the helper for
/// the scan of the story shown and of the next (`scanVideos`), draws the deck at once, and the story begins with its
/// length when the answer comes (`videoScanned`), or after `Playback.lengthWait` as a still. Times are hand-written.
@Suite("Video length sessions")
struct VideoLengthSessionTests {
    static let settings = ViewerModel.Settings(images: .symbols(.indexed240))

    /// "clip" and "again" show the same video; "text" is between them.
    static func deck() -> Deck {
        let stories = [
            Story(id: "clip", title: "Clip", image: "clip.mp4", imagePath: "/d/clip.mp4", isVideo: true),
            Story(id: "text", title: "Text"),
            Story(id: "again", title: "Again", image: "clip.mp4", imagePath: "/d/clip.mp4", isVideo: true),
        ]
        return MovingPictureScan.annotate(Deck(defaultDuration: 5, stories: stories, baseDirectory: "/d"))
    }

    @Test("the deck is drawn at once; the shown video's scan is asked for, once a file; the length starts the story")
    func drawnAtOnce() {
        #expect(Self.deck().awaitedLengths == [0, 2], "the load reads no video")
        let harness = SessionHarness(Self.deck(), settings: Self.settings)
        #expect(harness.screen.joined().contains("Clip"), "the title is on screen before any scan came back")
        #expect(harness.host.videoScans == [["/d/clip.mp4"]], "the current story and the next (no previous for the first)")
        #expect(harness.take() == ["0.0 ready clip", "0.0 start clip"])
        harness.run(until: 1)
        #expect(harness.session.model.playing.playback.progress(at: 1) == 0, "the bar waits for the length")
        harness.send(.videoScanned(path: "/d/clip.mp4", delays: [500, 500, 500, 500]), at: 1)
        #expect(harness.take() == ["1.0 begin clip"])
        harness.run(until: 3.1)
        #expect(harness.take() == ["3.0 end(timer) clip", "3.0 begin text"], "one run: 2 s")
        #expect(harness.session.model.playing.playback.deck.awaitedLengths.isEmpty,
                "the third story, next to the second, learnt the file's answer without a scan of its own")
        #expect(harness.host.videoScans.count == 1)
        harness.type("G", at: 3.5)
        #expect(harness.take() == ["3.5 end(jump) text", "3.5 begin again"])
        #expect(harness.session.model.playing.playback.currentDuration == 2)
    }

    @Test("no answer: the story begins after the wait and plays as a still of the default duration")
    func noAnswer() {
        let harness = SessionHarness(Self.deck(), settings: Self.settings)
        _ = harness.take()
        harness.run(until: Playback.lengthWait + 0.1)
        #expect(harness.take() == ["3.0 begin clip"])
        harness.run(until: 8.1)
        #expect(harness.take() == ["8.0 end(timer) clip", "8.0 begin text"])
    }

    @Test("a video that cannot be read is answered as a still: the story begins at once")
    func unreadable() {
        let harness = SessionHarness(Self.deck(), settings: Self.settings)
        _ = harness.take()
        harness.send(.videoScanned(path: "/d/clip.mp4", delays: nil), at: 0.2)
        #expect(harness.take() == ["0.2 begin clip"])
        harness.run(until: 5.3)
        #expect(harness.take() == ["5.2 end(timer) clip", "5.2 begin text"])
    }

    @Test("while the story waits its picture holds frame 0, with nothing due, even with a length known from before")
    func waitingHoldsTheFirstFrame() {
        var deck = Self.deck()
        deck.movingPictures = [0: AnimationPacing(storedDelays: [500, 500, 500, 500])]  // as a reload keeps it
        let harness = SessionHarness(deck, settings: Self.settings)
        harness.run(until: 1.2)
        #expect(harness.session.model.pictures.frame == 0)
        #expect(harness.session.model.pictures.frameWake == nil, "no wake-up for frames while the clock stands")
        harness.send(.videoScanned(path: "/d/clip.mp4", delays: [500, 500, 500, 500]), at: 1.2)
        harness.run(until: 1.8)
        #expect(harness.session.model.pictures.frame == 1, "0.6 s into the story: the second frame")
    }

    @Test("a reload keeps the lengths found: the story on screen keeps its own, and the video is asked for again")
    func reloadKeepsTheLength() {
        let harness = SessionHarness(Self.deck(), settings: Self.settings)
        harness.send(.videoScanned(path: "/d/clip.mp4", delays: [500, 500, 500, 500]), at: 0.1)
        _ = harness.take()
        harness.send(.deckLoaded(.success(Self.deck())), at: 1)
        #expect(harness.take() == ["1.0 reload clip"], "the story goes on: no end, no begin")
        #expect(harness.session.model.playing.playback.currentDuration == 2)
        #expect(harness.host.videoScans == [["/d/clip.mp4"], ["/d/clip.mp4"]])
        harness.run(until: 2.2)
        #expect(harness.take() == ["2.1 end(timer) clip", "2.1 begin text"])
    }
}
