import Engine
import Testing

/// A story whose video's length is read after the deck started (`Deck.awaitedLengths`; docs/IMAGES.md, "Video"):
/// it is shown at once, its clock stands at 0 and its `begin` waits for the length, which then sets its duration
/// and `begin`'s `length`; at most `Playback.lengthWait` seconds, after which it plays as a still. Times are
/// hand-written.
@Suite("Playback: lengths that arrive later")
struct AwaitedLengthTests {
    /// Story "clip" (no duration) awaits its video's length; "b" and "c" last 5 s.
    static func deck(clipDuration: Double? = nil, strategy: Strategy = .once) -> Deck {
        var deck = TestDecks.deck(["clip", "b", "c"], durations: [clipDuration, nil, nil], strategy: strategy)
        deck.awaitedLengths = [0]
        return deck
    }

    /// Two seconds of frames: four of 500 ms.
    static let twoSeconds = AnimationPacing(storedDelays: [500, 500, 500, 500])

    @Test("the story waits at 0 until its length arrives, then begins with it and lasts one run")
    func waitsForTheLength() {
        var viewer = HoldSession(Self.deck())
        #expect(viewer.take() == ["0.0 ready clip", "0.0 start clip"], "no begin before the length")
        #expect(viewer.playback.isWaitingForLength)
        #expect(viewer.playback.nextDeadline == Playback.lengthWait)
        viewer.advance(to: 0.4)
        #expect(viewer.playback.elapsed(at: 0.4) == 0)
        #expect(viewer.playback.time(whenProgressReaches: 0.5) == nil, "the bar stands")
        let events = viewer.handle(.lengths([0: Self.twoSeconds], answered: [0]), at: 0.4)
        #expect(events.log == ["0.4 begin clip"])
        #expect(events.first?.length == 2)
        #expect(!viewer.playback.isWaitingForLength)
        #expect(viewer.playback.currentDuration == 2)
        viewer.advance(to: 2.39)
        #expect(viewer.take() == [])
        viewer.advance(to: 2.41)
        #expect(viewer.take() == ["2.4 end(timer) clip", "2.4 begin b"])
    }

    @Test("with no answer, the story begins after the wait as a still of the default duration, and never waits again")
    func waitRunsOut() {
        var viewer = HoldSession.started(Self.deck(strategy: .loop))
        viewer.advance(to: 2.9)
        #expect(viewer.take() == [])
        viewer.advance(to: 3.1)
        #expect(viewer.take() == ["3.0 begin clip"])
        #expect(viewer.playback.deck.awaitedLengths.isEmpty)
        viewer.advance(to: 18.1)
        #expect(viewer.take() == ["8.0 end(timer) clip", "8.0 begin b", "13.0 end(timer) b", "13.0 begin c",
                                  "18.0 end(timer) c", "18.0 begin clip"], "round the loop it begins at once")
        // An answer after the wait still gives the story its length: 2 s, so the story shown since 18 ends at 20.
        viewer.input(.lengths([0: Self.twoSeconds], answered: [0]), at: 19)
        viewer.advance(to: 20.1)
        #expect(viewer.take() == ["20.0 end(timer) clip", "20.0 begin b"])
    }

    @Test("a story left while it waits has begun all the same: begin, then end; the next story does not wait")
    func leftWhileWaiting() {
        var viewer = HoldSession.started(Self.deck())
        viewer.input(.next, at: 1)
        #expect(viewer.take() == ["1.0 begin clip", "1.0 end(next) clip", "1.0 begin b"])
        #expect(viewer.playback.deck.awaitedLengths == [0], "still awaited: shown again, it waits again")
        viewer.input(.previous, at: 2)
        #expect(viewer.take() == ["2.0 end(previous) b"])
        #expect(viewer.playback.isWaitingForLength)
        viewer.input(.quit, at: 2.5)
        #expect(viewer.take() == ["2.5 begin clip", "2.5 end(quit) clip", "2.5 quit"])
    }

    @Test("paused while it waits: the length makes it begin, its clock starts at the resume")
    func pausedWhileWaiting() {
        var viewer = HoldSession.started(Self.deck())
        viewer.input(.pause(.toggle), at: 0.2)
        viewer.input(.lengths([0: Self.twoSeconds], answered: [0]), at: 0.5)
        #expect(viewer.take() == ["0.2 suspend(toggle) clip", "0.5 begin clip"])
        viewer.advance(to: 5)
        #expect(viewer.playback.elapsed(at: 5) == 0)
        viewer.input(.resume(.toggle), at: 5)
        viewer.advance(to: 7.1)
        #expect(viewer.take() == ["5.0 resume(toggle) clip", "7.0 end(timer) clip", "7.0 begin b"])
    }

    @Test("a video that cannot be read is answered without pacing: the story begins at once as a still")
    func stillAnswer() {
        var viewer = HoldSession.started(Self.deck())
        let events = viewer.handle(.lengths([:], answered: [0]), at: 0.3)
        #expect(events.log == ["0.3 begin clip"])
        #expect(events.first?.length == nil)
        #expect(viewer.playback.currentDuration == 5)
    }

    @Test("a story with its own duration waits too (for begin's length), and keeps its duration")
    func ownDuration() {
        var viewer = HoldSession.started(Self.deck(clipDuration: 4))
        let events = viewer.handle(.lengths([0: Self.twoSeconds], answered: [0]), at: 0.1)
        #expect(events.first?.length == 2)
        viewer.advance(to: 4.2)
        #expect(viewer.take() == ["4.1 end(timer) clip", "4.1 begin b"])
    }

    @Test("a reload while the story waits: it goes on waiting if the new deck awaits it, else begins")
    func reloadWhileWaiting() {
        var viewer = HoldSession.started(Self.deck())
        viewer.input(.reload(Self.deck()), at: 1)
        #expect(viewer.take() == ["1.0 reload clip"])
        #expect(viewer.playback.nextDeadline == Playback.lengthWait, "the wait still counts from the first show")
        var known = Self.deck()
        known.awaitedLengths = []
        known.movingPictures = [0: Self.twoSeconds]
        viewer.input(.reload(known), at: 1.5)
        #expect(viewer.take() == ["1.5 reload clip", "1.5 begin clip"])
        viewer.advance(to: 3.6)
        #expect(viewer.take() == ["3.5 end(timer) clip", "3.5 begin b"])
    }

    @Test("a story not shown learns its length before it is shown: it begins at once")
    func learntBeforeShown() {
        var deck = TestDecks.deck(["a", "clip"])
        deck.awaitedLengths = [1]
        var viewer = HoldSession.started(deck)
        viewer.input(.lengths([1: Self.twoSeconds], answered: [1]), at: 1)
        viewer.input(.next, at: 2)
        #expect(viewer.take() == ["2.0 end(next) a", "2.0 begin clip"])
        viewer.advance(to: 4.1)
        #expect(viewer.take() == ["4.0 end(timer) clip", "4.0 finish"])
    }
}
