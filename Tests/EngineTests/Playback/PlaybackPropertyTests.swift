import Engine
import Testing

/// Random decks, random inputs at random increasing times: the invariants hold after every step.
@Suite("Playback: properties")
struct PlaybackPropertyTests {
    static let seeds: [UInt64] = Array(1...300)
    static let stepsPerSeed = 70

    @Test("invariants over 300 seeds × 70 steps")
    func invariants() {
        var seen: [String: Int] = [:]
        for seed in Self.seeds {
            var random = SplitMix64(seed: seed)
            for (name, count) in run(seed: seed, random: &random) { seen[name, default: 0] += count }
        }
        // The random walk reaches every corner of the lifecycle, many times over.
        let kinds = [
            "ready", "start", "begin", "finish", "quit", "end(timer)", "end(next)", "end(previous)", "end(jump)",
            "end(group)", "end(reload)", "suspend(hold)", "resume(hold)", "suspend(mouse)", "resume(mouse)",
            "suspend(overlay)", "resume(overlay)", "suspend(toggle)", "resume(control)", "reload",
        ]
        for kind in kinds {
            #expect(seen[kind, default: 0] >= 10, "only \(seen[kind, default: 0]) × \(kind)")
        }
    }

    // MARK: - Random material

    private func randomDeck(_ random: inout SplitMix64, ids prefix: String) -> Deck {
        let count = random.int(in: 1...6)
        let ids = (0..<count).map { random.chance(0.5) ? "s\($0)" : "\(prefix)\($0)" }
        let unique = ids.enumerated().map { offset, id in ids[..<offset].contains(id) ? "\(id)x\(offset)" : id }
        let stories = unique.map { Story(id: $0, duration: random.chance(0.5) ? random.double(in: 0.05...6) : nil) }
        var groups: [StoryGroup] = []
        if random.chance(0.4) {
            var lower = 0
            while lower < count {
                let upper = random.int(in: (lower + 1)...count)
                groups.append(StoryGroup(title: "g\(groups.count)", range: lower..<upper))
                lower = upper
            }
        }
        return Deck(
            defaultDuration: random.double(in: 0.1...5),
            strategy: random.chance(0.5) ? .once : .loop,
            leeway: random.chance(0.5) ? 0 : random.double(in: 0.01...3),
            start: random.chance(0.3) ? .position(random.int(in: 1...7)) : nil,
            stories: stories,
            groups: groups
        )
    }

    private func randomOptions(_ random: inout SplitMix64) -> PlaybackOptions {
        PlaybackOptions(
            strategy: random.chance(0.2) ? (random.chance(0.5) ? .once : .loop) : nil,
            defaultDuration: random.chance(0.2) ? random.double(in: 0.05...3) : nil,
            leeway: random.chance(0.2) ? random.double(in: 0...2) : nil,
            autoplay: !random.chance(0.2),
            start: random.chance(0.2) ? .id("s\(random.int(in: 0...5))") : nil
        )
    }

    private func randomStep(_ random: inout SplitMix64) -> Double {
        switch random.int(in: 0...19) {
        case 0: return random.double(in: 5...40)
        case 1: return random.chance(0.1) ? random.double(in: 1000...100_000) : random.double(in: 1...5)
        case 2: return 0
        default: return random.double(in: 0.001...0.7)
        }
    }

    // MARK: - The run

    /// Plays one random run; returns how many events of each kind (with reason or cause) it saw.
    private func run(seed: UInt64, random: inout SplitMix64) -> [String: Int] {
        var viewer = HoldSession(randomDeck(&random, ids: "a"), options: randomOptions(&random), at: random.double(in: -100...100))
        var now = viewer.events.first?.time ?? 0
        var checker = EventChecker(seed: seed)
        checker.check(viewer.events, playback: viewer.playback, now: now)
        viewer.events = []
        var lastSpace = -Double.infinity

        for _ in 0..<Self.stepsPerSeed {
            now += randomStep(&random)
            switch random.int(in: 0...21) {
            case 0...5:
                // A held or tapped space: a press, maybe a burst of repeats.
                viewer.space(at: now)
                if random.chance(0.6) {
                    // Up to the slowest system delay (1 s) plus jitter.
                    let initialDelay = random.double(in: 0.225...1.2)
                    let interval = random.double(in: 0.03...0.1)
                    for repeats in 0..<random.int(in: 0...40) {
                        now += repeats == 0 ? initialDelay : interval * random.double(in: 0.8...1.2)
                        viewer.space(at: now)
                        checker.check(viewer.events, playback: viewer.playback, now: now)
                        viewer.events = []
                    }
                }
                lastSpace = now
            case 6: viewer.mousePress(at: now)
            case 7: viewer.mouseRelease(at: now)
            case 8: viewer.input(.next, at: now)
            case 9: viewer.input(.previous, at: now)
            case 10: viewer.input(.nextGroup, at: now)
            case 11: viewer.input(.previousGroup, at: now)
            case 12: viewer.input(random.chance(0.5) ? .first : .last, at: now)
            case 13: viewer.input(.jump(random.int(in: -1...6)), at: now)
            case 14: viewer.input(.togglePause(random.chance(0.5) ? .toggle : .control), at: now)
            case 15: viewer.input(random.chance(0.5) ? .pause(.control) : .resume(.control), at: now)
            case 16: viewer.input(random.chance(0.5) ? .overlayOpened : .overlayClosed, at: now)
            case 17: viewer.input(.reload(randomDeck(&random, ids: "r")), at: now)
            case 18: if random.chance(0.3) { viewer.input(.quit, at: now) } else { viewer.advance(to: now) }
            default: viewer.advance(to: now)
            }
            checker.check(viewer.events, playback: viewer.playback, now: now)
            viewer.events = []

            // A hold is always released within its window after the last space.
            if now - lastSpace > HoldDetector.lateRepeatLimit {
                #expect(!viewer.holds.repeats.isHeld, "seed \(seed): space still held \(now - lastSpace) s after the last one")
            }
            if viewer.playback.phase == .ready || viewer.playback.phase == .playing {
                #expect(!viewer.playback.isHeld || viewer.holds.repeats.isHeld || viewer.holds.pointer.isHeld, "seed \(seed): held with nothing down")
            }
            if viewer.holds.repeats.isHeld {
                #expect(viewer.holds.repeats.nextDeadline.map { $0 <= lastSpace + HoldDetector.lateRepeatLimit + 1e-9 } ?? false, "seed \(seed)")
            }
        }
        // Letting the mouse go and waiting out the rest ends every pause but the sticky and overlay ones.
        viewer.mouseRelease(at: now)
        now += 2
        viewer.advance(to: now)
        checker.check(viewer.events, playback: viewer.playback, now: now)
        if viewer.playback.phase == .ready || viewer.playback.phase == .playing {
            #expect(!viewer.playback.isHeld, "seed \(seed)")
        }
        return checker.seen
    }
}

/// Follows the event stream and checks it against the rules and against the state.
private struct EventChecker {
    let seed: UInt64
    var lastTime = -Double.infinity
    var terminal = false
    var readySeen = false
    var started = false
    var shown: String?
    var paused = false
    /// The story a `reload` named while none was shown (the one it had ended): the next `begin` is that one.
    var reloadedTo: String?
    var seen: [String: Int] = [:]

    init(seed: UInt64) { self.seed = seed }

    mutating func check(_ events: [LifecycleEvent], playback: Playback, now: Double) {
        let seed = seed
        for event in events {
            #expect(!terminal, "seed \(seed): \(event.brief) after finish or quit")
            #expect(event.time >= lastTime, "seed \(seed): \(event.brief) earlier than \(lastTime)")
            #expect(event.time <= now + 1e-9, "seed \(seed): \(event.brief) in the future of \(now)")
            lastTime = event.time
            seen[String(event.brief.split(separator: " ")[1]), default: 0] += 1
            switch event.kind {
            case .ready:
                #expect(!readySeen, "seed \(seed): ready twice")
                readySeen = true
            case .start:
                #expect(readySeen && !started, "seed \(seed): start out of place")
                started = true
            case .begin:
                #expect(started && shown == nil, "seed \(seed): begin of \(event.id ?? "-") while \(shown ?? "-") shown")
                #expect(reloadedTo == nil || reloadedTo == event.id, "seed \(seed): reload named \(reloadedTo ?? "-"), begin \(event.id ?? "-")")
                reloadedTo = nil
                shown = event.id
            case .end:
                #expect(shown != nil && shown == event.id, "seed \(seed): end of \(event.id ?? "-") while \(shown ?? "-") shown")
                shown = nil
            case .suspend:
                #expect(!paused, "seed \(seed): suspend while paused")
                paused = true
            case .resume:
                #expect(paused, "seed \(seed): resume while playing")
                paused = false
            case .reload:
                // The story shown (or about to start, or to begin after the `end` just before) in the new deck.
                let stories = event.stories ?? 0
                #expect(readySeen && stories > 0 && (0..<stories).contains(event.index ?? -1) && event.id != nil,
                        "seed \(seed): \(event.jsonLine(origin: 0))")
                if shown != nil {
                    #expect(shown == event.id, "seed \(seed): reload of \(event.id ?? "-") while \(shown ?? "-") shown")
                } else if started {
                    reloadedTo = event.id
                }
            case .finish, .quit:
                #expect(shown == nil, "seed \(seed): \(event.kind.name) with a story shown")
                terminal = true
            }
        }

        let count = playback.deck.stories.count
        let index = playback.currentIndex
        #expect((0..<count).contains(index), "seed \(seed): index \(index) of \(count)")
        switch playback.phase {
        case .ready:
            #expect(!started && shown == nil, "seed \(seed): ready after start")
            #expect(paused == playback.isPaused, "seed \(seed): events say paused \(paused)")
        case .playing:
            #expect(started && shown == playback.currentStory?.id, "seed \(seed): playing \(playback.currentStory?.id ?? "-"), events show \(shown ?? "-")")
            #expect(paused == playback.isPaused, "seed \(seed): events say paused \(paused)")
        case .finished, .quit:
            #expect(terminal, "seed \(seed): \(playback.phase) without its event")
        }
        if let deadline = playback.nextDeadline {
            #expect(deadline > now, "seed \(seed): deadline \(deadline) not after \(now)")
            #expect(!playback.isPaused)
        }
        if !playback.autoplay && playback.phase == .playing {
            #expect(playback.nextDeadline == nil && playback.progress(at: now) == 0, "seed \(seed): no autoplay but moving")
        }
        let progress = playback.progress(at: now)
        #expect((0...1).contains(progress), "seed \(seed): progress \(progress)")
        #expect((0...playback.duration(ofStory: index)).contains(playback.elapsed(at: now)), "seed \(seed)")
        for segment in playback.deck.segmentRange(ofStory: index) {
            let fill = playback.segmentFill(segment, at: now)
            if segment < index { #expect(fill == 1, "seed \(seed): segment \(segment) before \(index) not full") }
            if segment > index { #expect(fill == 0, "seed \(seed): segment \(segment) after \(index) not empty") }
            if segment == index { #expect(fill == progress) }
        }
    }
}
