import Engine
import Testing

@Suite("Playback: SPEC 4 and 5")
struct PlaybackTests {
    let abc = TestDecks.deck(["a", "b", "c"])

    @Test("once: stories run out one after another, then finish; nothing happens after")
    func onceByTimer() {
        var viewer = HoldSession(abc)
        #expect(viewer.take() == ["0.0 ready a", "0.0 start a", "0.0 begin a"])
        viewer.advance(to: 12.3)
        #expect(viewer.take() == ["5.0 end(timer) a", "5.0 begin b", "10.0 end(timer) b", "10.0 begin c"])
        #expect(viewer.playback.elapsed(at: 12.3) == 12.3 - 10)
        viewer.advance(to: 99)
        #expect(viewer.take() == ["15.0 end(timer) c", "15.0 finish"])
        #expect(viewer.playback.phase == .finished)
        #expect(viewer.playback.nextDeadline == nil)
        viewer.input(.previous, at: 100)
        viewer.input(.quit, at: 101)
        #expect(viewer.take() == [])
    }

    @Test("once: next after the last story finishes")
    func onceNextAfterLast() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.next, at: 1)
        viewer.input(.next, at: 2)
        viewer.input(.next, at: 3)
        #expect(viewer.take() == [
            "1.0 end(next) a", "1.0 begin b",
            "2.0 end(next) b", "2.0 begin c",
            "3.0 end(next) c", "3.0 finish",
        ])
        #expect(viewer.handle(.next, at: 4) == [])
    }

    @Test("loop: next after the last and the timer after the last both wrap to the first")
    func loopWraps() {
        var viewer = HoldSession(TestDecks.deck(["a", "b"], strategy: .loop))
        _ = viewer.take()
        viewer.input(.last, at: 1)
        viewer.input(.next, at: 2)
        #expect(viewer.take() == ["1.0 end(jump) a", "1.0 begin b", "2.0 end(next) b", "2.0 begin a"])
        viewer.advance(to: 12.5)
        #expect(viewer.take() == ["7.0 end(timer) a", "7.0 begin b", "12.0 end(timer) b", "12.0 begin a"])
        #expect(viewer.playback.phase == .playing)
    }

    @Test("--loop and --once override the deck's strategy")
    func strategyOverride() {
        var looping = Playback(deck: abc, options: PlaybackOptions(strategy: .loop))
        _ = looping.begin(at: 0)
        #expect(looping.advance(to: 15).log.suffix(2) == ["15.0 end(timer) c", "15.0 begin a"])
        var once = Playback(deck: TestDecks.deck(["a"], strategy: .loop), options: PlaybackOptions(strategy: .once))
        _ = once.begin(at: 0)
        #expect(once.advance(to: 5).log == ["5.0 end(timer) a", "5.0 finish"])
    }

    @Test("previous on the first story restarts it; elsewhere it goes back")
    func previousOnFirst() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.previous, at: 3)
        #expect(viewer.take() == ["3.0 end(previous) a", "3.0 begin a"])
        #expect(viewer.playback.elapsed(at: 3) == 0)
        #expect(viewer.playback.nextDeadline == 8)
        viewer.input(.next, at: 4)
        viewer.input(.previous, at: 5)
        #expect(viewer.take() == ["4.0 end(next) a", "4.0 begin b", "5.0 end(previous) b", "5.0 begin a"])
    }

    @Test("first, last and jump end with reason jump; jumping to the current story restarts it")
    func jumps() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.last, at: 1)
        viewer.input(.first, at: 2)
        viewer.input(.jump(1), at: 3)
        viewer.input(.jump(1), at: 4)
        viewer.input(.jump(7), at: 5)
        #expect(viewer.take() == [
            "1.0 end(jump) a", "1.0 begin c",
            "2.0 end(jump) c", "2.0 begin a",
            "3.0 end(jump) a", "3.0 begin b",
            "4.0 end(jump) b", "4.0 begin b",
        ])
        #expect(viewer.playback.currentIndex == 1)
        #expect(viewer.playback.nextDeadline == 9)
    }

    @Test("leeway: ready first; start and begin stamped at exactly the end of the leeway")
    func leeway() {
        var playback = Playback(deck: TestDecks.deck(["a", "b"], leeway: 2))
        #expect(playback.begin(at: 100).log == ["100.0 ready a"])
        #expect(playback.phase == .ready)
        #expect(playback.nextDeadline == 102)
        #expect(playback.progress(at: 101) == 0)
        #expect(playback.advance(to: 101.9).isEmpty)
        let events = playback.advance(to: 102.037)
        #expect(events.log == ["102.0 start a", "102.0 begin a"])
        #expect(events.allSatisfy { $0.time == 102 })
        #expect(playback.nextDeadline == 107)
        #expect(Playback(deck: abc, options: PlaybackOptions(leeway: 1)).nextDeadline == nil)
    }

    @Test("a reload during the leeway names the story about to start in the new deck; the leeway goes on")
    func reloadDuringLeeway() {
        var playback = Playback(deck: TestDecks.deck(["a", "b"], leeway: 2))
        _ = playback.begin(at: 0)
        let events = playback.handle(.reload(TestDecks.deck(["new", "a", "b"], leeway: 2)), at: 1)
        #expect(events.map { $0.jsonLine(origin: 0) } == [#"{"t":1.000,"event":"reload","index":1,"id":"a","stories":3}"#])
        #expect(playback.advance(to: 2).log == ["2.0 start a", "2.0 begin a"])
        #expect(playback.currentIndex == 1)
    }

    @Test("during the leeway a pause delays the start; navigation starts at once at its target")
    func inputsDuringLeeway() {
        var viewer = HoldSession(TestDecks.deck(["a", "b", "c"], leeway: 3))
        viewer.input(.togglePause(.toggle), at: 1)
        viewer.advance(to: 10)
        viewer.input(.togglePause(.toggle), at: 10)
        #expect(viewer.take() == ["0.0 ready a", "1.0 suspend(toggle) a", "10.0 resume(toggle) a"])
        #expect(viewer.playback.nextDeadline == 12)
        viewer.advance(to: 12)
        #expect(viewer.take() == ["12.0 start a", "12.0 begin a"])

        var jumping = HoldSession(TestDecks.deck(["a", "b", "c"], leeway: 3))
        jumping.input(.next, at: 1)
        #expect(jumping.take() == ["0.0 ready a", "1.0 start b", "1.0 begin b"])
        #expect(jumping.playback.nextDeadline == 6)

        var finishing = HoldSession(TestDecks.deck(["a"], leeway: 3))
        finishing.input(.next, at: 1)
        #expect(finishing.take() == ["0.0 ready a", "1.0 finish"])

        var quitting = HoldSession(TestDecks.deck(["a"], leeway: 3))
        quitting.input(.quit, at: 1)
        #expect(quitting.take() == ["0.0 ready a", "1.0 quit"])
    }

    @Test("start by id and by 1-based position; the option overrides the deck; an unknown one starts at the first")
    func startReference() {
        var byID = Playback(deck: TestDecks.deck(["a", "b", "c"], start: .id("c")))
        #expect(byID.begin(at: 0).log == ["0.0 ready c", "0.0 start c", "0.0 begin c"])
        let byPosition = Playback(deck: abc, options: PlaybackOptions(start: .position(2)))
        #expect(byPosition.currentIndex == 1)
        let overridden = Playback(deck: TestDecks.deck(["a", "b", "c"], start: .id("c")), options: PlaybackOptions(start: .id("a")))
        #expect(overridden.currentIndex == 0)
        #expect(Playback(deck: abc, options: PlaybackOptions(start: .id("zzz"))).currentIndex == 0)
        #expect(Playback(deck: abc, options: PlaybackOptions(start: .position(4))).currentIndex == 0)
        #expect(byID.segmentFill(0, at: 0) == 1)
        #expect(byID.segmentFill(2, at: 0) == 0)
    }

    @Test("--duration sets the duration of stories that set none, over the deck's default")
    func durationOverride() {
        let deck = TestDecks.deck(["a", "b"], durations: [nil, 2], defaultDuration: 5)
        var playback = Playback(deck: deck, options: PlaybackOptions(defaultDuration: 8))
        #expect(playback.duration(ofStory: 0) == 8)
        #expect(playback.duration(ofStory: 1) == 2)
        _ = playback.begin(at: 0)
        #expect(playback.advance(to: 20).log == ["8.0 end(timer) a", "8.0 begin b", "10.0 end(timer) b", "10.0 finish"])
    }

    @Test("pausing keeps the elapsed time; resuming continues from it")
    func pauseKeepsElapsed() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.pause(.control), at: 2)
        #expect(viewer.playback.isPaused)
        #expect(viewer.playback.pauseReasons == .sticky)
        #expect(viewer.playback.nextDeadline == nil)
        #expect(viewer.playback.time(whenProgressReaches: 0.5) == nil)
        viewer.advance(to: 50)
        #expect(viewer.playback.elapsed(at: 50) == 2)
        #expect(viewer.playback.progress(at: 50) == 0.4)
        viewer.input(.pause(.control), at: 51)
        viewer.input(.resume(.control), at: 52)
        #expect(viewer.playback.nextDeadline == 55)
        #expect(viewer.playback.time(whenProgressReaches: 0.6) == 53)
        viewer.advance(to: 55)
        #expect(viewer.take() == ["2.0 suspend(control) a", "52.0 resume(control) a", "55.0 end(timer) a", "55.0 begin b"])
    }

    @Test("manual navigation starts the new story from 0 and keeps a sticky pause")
    func navigationKeepsStickyPause() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.togglePause(.toggle), at: 2)
        viewer.input(.next, at: 3)
        #expect(viewer.playback.isPaused)
        #expect(viewer.playback.elapsed(at: 9) == 0)
        viewer.input(.togglePause(.toggle), at: 10)
        #expect(viewer.take() == ["2.0 suspend(toggle) a", "3.0 end(next) a", "3.0 begin b", "10.0 resume(toggle) b"])
        #expect(viewer.playback.nextDeadline == 15)
    }

    @Test("a 60 s story woken at irregular times ends within 1 ms of 60 s, and the next begins then")
    func noDrift() {
        var playback = Playback(deck: TestDecks.deck(["long", "next"], durations: [60, 60]))
        _ = playback.begin(at: 1000)
        var random = SplitMix64(seed: 60)
        var now = 1000.0
        var events: [LifecycleEvent] = []
        while events.isEmpty {
            now += random.double(in: 0.001...0.7)
            events = playback.advance(to: now)
        }
        #expect(events.map(\.kind) == [.end(.timer), .begin])
        #expect(abs(events[0].time - 1060) < 0.001)
        #expect(events[1].time == events[0].time)
        #expect(playback.nextDeadline.map { abs($0 - 1120) < 0.001 } == true)
    }

    @Test("a jump across millions of loop cycles emits about one cycle of events and lands at the right story")
    func hugeJump() {
        var playback = Playback(deck: TestDecks.deck(["a", "b", "c"], durations: [1, 2, 3], strategy: .loop))
        _ = playback.begin(at: 0)
        let now = 6_000_000.0 + 3.5 // a whole number of 6 s cycles, then 3.5 s into the cycle: story c
        let events = playback.advance(to: now)
        #expect(events.count <= 2 * 2 * 3 + 2)
        #expect(playback.currentIndex == 2)
        #expect(abs(playback.elapsed(at: now) - 0.5) < 1e-6)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    @Test("reload keeps the current story by id with its elapsed time, even where it moved")
    func reloadKeepsStoryByID() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.next, at: 1)
        let moved = viewer.handle(.reload(TestDecks.deck(["new", "a", "b", "c"])), at: 3)
        #expect(viewer.take() == ["1.0 end(next) a", "1.0 begin b"])
        // No end and no begin: the story plays on. The reload line says where it is now, for a reader.
        #expect(moved.map { $0.jsonLine(origin: 0) } == [#"{"t":3.000,"event":"reload","index":2,"id":"b","stories":4}"#])
        #expect(viewer.playback.currentIndex == 2)
        #expect(viewer.playback.elapsed(at: 3) == 2)
        viewer.input(.reload(TestDecks.deck(["new", "a", "b"], durations: [nil, nil, 1.5])), at: 4)
        #expect(viewer.playback.elapsed(at: 4) == 1.5)
        viewer.advance(to: 4)
        #expect(viewer.take() == ["4.0 reload b", "4.0 end(timer) b", "4.0 finish"])
    }

    @Test("currentStory is the story at currentIndex after every move, and the new deck's after a reload")
    func currentStoryFollows() {
        var viewer = HoldSession(abc)
        #expect(viewer.playback.currentStory?.id == "a")
        viewer.input(.next, at: 1)
        #expect(viewer.playback.currentStory?.id == "b")
        viewer.input(.last, at: 1.5)
        #expect(viewer.playback.currentStory?.id == "c")
        var edited = Story(id: "c", title: "c, edited")
        edited.caption = "new caption"
        viewer.input(.reload(Deck(defaultDuration: 5, strategy: .once, stories: [Story(id: "a", title: "a"), edited])), at: 2)
        #expect(viewer.playback.currentIndex == 1)
        #expect(viewer.playback.currentStory?.title == "c, edited")
        #expect(viewer.playback.currentStory?.caption == "new caption")
        viewer.input(.reload(TestDecks.deck(["x"])), at: 3)
        #expect(viewer.playback.currentStory?.id == "x")
    }

    @Test("reload clamps the position when the story is gone and the deck shrank; pauses persist")
    func reloadClamps() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.last, at: 1)
        viewer.input(.pause(.toggle), at: 2)
        viewer.input(.reload(TestDecks.deck(["x", "y"])), at: 3)
        #expect(viewer.take() == ["1.0 end(jump) a", "1.0 begin c", "2.0 suspend(toggle) c", "3.0 end(reload) c",
                                  "3.0 reload y", "3.0 begin y"])
        #expect(viewer.playback.currentIndex == 1)
        #expect(viewer.playback.isPaused)
        #expect(viewer.playback.deck.stories.count == 2)
    }

    @Test("groups: next and previous group go to a group's first story; the ends follow the strategy")
    func groups() {
        let groups = [("ann", ["a1", "a2"]), ("bo", ["b1"]), ("cy", ["c1", "c2"])]
        var viewer = HoldSession(TestDecks.grouped(groups))
        _ = viewer.take()
        viewer.input(.next, at: 1)
        viewer.input(.nextGroup, at: 2)
        viewer.input(.nextGroup, at: 3)
        viewer.input(.next, at: 4)
        viewer.input(.previousGroup, at: 5)
        viewer.input(.previousGroup, at: 6)
        viewer.input(.previousGroup, at: 7)
        #expect(viewer.take() == [
            "1.0 end(next) a1", "1.0 begin a2",
            "2.0 end(group) a2", "2.0 begin b1",
            "3.0 end(group) b1", "3.0 begin c1",
            "4.0 end(next) c1", "4.0 begin c2",
            "5.0 end(group) c2", "5.0 begin b1",
            "6.0 end(group) b1", "6.0 begin a1",
            "7.0 end(group) a1", "7.0 begin a1",
        ])
        #expect(viewer.playback.deck.segmentRange(ofStory: viewer.playback.currentIndex) == 0..<2)
        viewer.input(.jump(3), at: 8)
        viewer.input(.nextGroup, at: 9)
        #expect(viewer.take().suffix(2) == ["9.0 end(group) c1", "9.0 finish"])

        var looping = HoldSession(TestDecks.grouped(groups, strategy: .loop))
        looping.input(.last, at: 1)
        looping.input(.nextGroup, at: 2)
        #expect(looping.take().suffix(2) == ["2.0 end(group) c2", "2.0 begin a1"])

        var flat = HoldSession(abc)
        _ = flat.take()
        flat.input(.nextGroup, at: 1)
        flat.input(.previousGroup, at: 2)
        #expect(flat.take() == [])
    }

    @Test("no autoplay: progress stays 0 and no deadline; keys still move")
    func noAutoplay() {
        var viewer = HoldSession(abc, options: PlaybackOptions(autoplay: false))
        #expect(viewer.take() == ["0.0 ready a", "0.0 start a", "0.0 begin a"])
        viewer.advance(to: 1000)
        #expect(viewer.take() == [])
        #expect(viewer.playback.progress(at: 1000) == 0)
        #expect(viewer.playback.nextDeadline == nil)
        #expect(viewer.playback.time(whenProgressReaches: 1) == nil)
        viewer.input(.next, at: 1001)
        viewer.input(.togglePause(.toggle), at: 1002)
        #expect(viewer.take() == ["1001.0 end(next) a", "1001.0 begin b", "1002.0 suspend(toggle) b"])
        #expect(viewer.playback.segmentFill(0, at: 1002) == 1)
        #expect(viewer.playback.segmentFill(1, at: 1002) == 0)
    }

    @Test("quit ends the story shown, then quits; nothing happens after")
    func quit() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.quit, at: 2.5)
        #expect(viewer.take() == ["2.5 end(quit) a", "2.5 quit"])
        #expect(viewer.playback.phase == .quit)
        #expect(viewer.playback.nextDeadline == nil)
        viewer.advance(to: 100)
        #expect(viewer.take().isEmpty)
        #expect(viewer.handle(.next, at: 101).isEmpty)
        #expect(viewer.handle(.quit, at: 102).isEmpty)
    }

    @Test("overlays pause while open; a pause reason left over keeps the deck paused")
    func overlays() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.overlayOpened, at: 1)
        viewer.input(.pause(.toggle), at: 2)
        viewer.input(.overlayClosed, at: 3)
        viewer.input(.resume(.toggle), at: 4)
        #expect(viewer.take() == ["1.0 suspend(overlay) a", "4.0 resume(toggle) a"])
        #expect(viewer.playback.nextDeadline == 8)
    }

    @Test("a stopped process (Ctrl-Z) does not play: the story goes on after `fg` from where it was")
    func stoppedProcess() {
        var viewer = HoldSession(abc)
        _ = viewer.take()
        viewer.input(.stopped, at: 2)
        // Twelve seconds stopped: longer than any story, and nothing ends.
        viewer.advance(to: 14)
        viewer.input(.continued, at: 14)
        #expect(viewer.take() == ["2.0 suspend(stop) a", "14.0 resume(stop) a"])
        #expect(viewer.playback.elapsed(at: 14) == 2)
        #expect(viewer.playback.nextDeadline == 17)
    }

    @Test("segments: done ones full, the current one its progress, later ones empty")
    func segments() {
        var playback = Playback(deck: abc)
        _ = playback.begin(at: 0)
        _ = playback.handle(.next, at: 0)
        #expect([0, 1, 2].map { playback.segmentFill($0, at: 2.5) } == [1, 0.5, 0])
        #expect(playback.time(whenProgressReaches: 0.125) == 0.625)
        #expect(playback.segmentFill(-1, at: 0) == 0)
        #expect(playback.segmentFill(3, at: 0) == 0)
    }

    @Test("events as JSON lines, in SPEC 5's shape, with every control character escaped")
    func jsonLines() {
        #expect(LifecycleEvent(time: 11.2344, kind: .begin, index: 0, id: "dawn").jsonLine(origin: 10)
            == #"{"t":1.234,"event":"begin","index":0,"id":"dawn"}"#)
        #expect(LifecycleEvent(time: 65, kind: .end(.timer), index: 2, id: "c").jsonLine(origin: 5)
            == #"{"t":60.000,"event":"end","index":2,"id":"c","reason":"timer"}"#)
        #expect(LifecycleEvent(time: 0.0005, kind: .suspend(.hold), index: 1, id: "b").jsonLine(origin: 0)
            == #"{"t":0.001,"event":"suspend","index":1,"id":"b","cause":"hold"}"#)
        #expect(LifecycleEvent(time: 3, kind: .finish).jsonLine(origin: 0) == #"{"t":3.000,"event":"finish"}"#)
        let nasty = "a\"b\\c\n\u{1B}[31m\u{7F}\u{85}\u{2028}\u{2029}é"
        #expect(LifecycleEvent(time: 0, kind: .ready, index: 0, id: nasty).jsonLine(origin: 0)
            == #"{"t":0.000,"event":"ready","index":0,"id":"a\"b\\c\u000a\u001b[31m\u007f\u0085\u2028\u2029é"}"#)
        let line = LifecycleEvent(time: 0, kind: .ready, id: String(decoding: (0...0x9F).map { UInt8($0) }, as: UTF8.self))
            .jsonLine(origin: 0)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(LifecycleEvent(time: .nan, kind: .quit).jsonLine(origin: 0) == #"{"t":0.000,"event":"quit"}"#)
        #expect(LifecycleEvent(time: 0, kind: .quit).jsonLine(origin: 0.25) == #"{"t":-0.250,"event":"quit"}"#)
    }
}
