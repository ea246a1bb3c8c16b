import Engine
@testable import TUI

/// A whole viewer session in process: the shipped `ViewerSession` (model, decoder, screen) over a
/// `TestTerminal`, driven by bytes and events at hand-written times. What the shell would perform
/// is collected: lifecycle events as brief lines, errors, reload requests, suspends, the exit code.
final class SessionHarness {
    let terminal: TestTerminal
    let session: ViewerSession
    private(set) var log: [String] = []
    private(set) var errors: [String] = []
    private(set) var reloadRequests = 0
    private(set) var suspends = 0
    private(set) var exitCode: Int32?
    /// Stories the model said were seen to their end, in order; kept in `seen`'s store as the shell would.
    private(set) var seenMarks: [String] = []
    let seenStore: SeenStoriesStore?
    /// The picture files `--watch` was last told to watch.
    private(set) var watchedFiles: [String] = []
    /// Every list of pictures the model asked to convert, in order.
    private(set) var pictureRequests: [[ImageRequest]] = []
    /// Whether the kitty keyboard flags are on the terminal's stack, as the shell was last told.
    private(set) var keyboardFlagsPushed = false

    /// A session as the launcher starts it; `seen` is what `SeenStories.open` found (its start for
    /// `--resume`, its notice, its store).
    init(_ deck: Deck, width: Int = 80, height: Int = 24, options: PlaybackOptions = PlaybackOptions(),
         settings: ViewerModel.Settings = ViewerModel.Settings(), layout: LayoutOptions = LayoutOptions(),
         seen: SeenStories = SeenStories(), resume: Bool = false, at start: Double = 0) {
        terminal = TestTerminal(width: width, height: height)
        seenStore = seen.store
        var model = ViewerModel(deck: deck, playbackOptions: seen.playbackOptions(options, deck: deck, resume: resume),
                                settings: settings, size: terminal.size)
        seen.apply(to: &model)
        session = ViewerSession(model: model, screen: Screen(backend: terminal, layout: ScreenLayout(options: layout)))
        perform(session.update(.start, at: start))
        session.render(at: start)
    }

    /// Bytes typed at `time`, then a frame drawn.
    func type(_ text: String, at time: Double) {
        perform(session.receive(Array(text.utf8), at: time))
        session.render(at: time)
    }

    /// An event at `time`, then a frame drawn.
    func send(_ event: ViewerEvent, at time: Double) {
        perform(session.update(event, at: time))
        session.render(at: time)
    }

    /// The clock reaches `time` as the shell would see it: every wake-up on the way is taken, so
    /// deadlines fire in order, each followed by a frame.
    func run(until time: Double) {
        var now = 0.0
        while exitCode == nil, let wake = session.nextWake(at: now), wake <= time {
            now = wake
            perform(session.flushInput(at: now))
            perform(session.update(.tick, at: now))
            session.render(at: now)
        }
        guard exitCode == nil else { return }
        perform(session.update(.tick, at: time))
        session.render(at: time)
    }

    /// The lifecycle events since the last call.
    func take() -> [String] {
        defer { log = [] }
        return log
    }

    var screen: [String] { terminal.lines }

    private func perform(_ effects: [ViewerEffect]) {
        for effect in effects {
            switch effect {
            case .log(let events): log += events.map(\.brief)
            case .logError(let message): errors.append(message)
            case .loadDeck: reloadRequests += 1
            case .markSeen(let id):
                seenMarks.append(id)
                seenStore?.record(id)
            case .loadImages(let requests): pictureRequests.append(requests)
            case .watchFiles(let paths): watchedFiles = paths
            case .suspendProcess: suspends += 1
            case .repaint: break
            case .writeControl(let bytes): terminal.writeControl(bytes)
            case .keyboardFlags(let pushed): keyboardFlagsPushed = pushed
            case .exit(let code): exitCode = code
            }
        }
    }
}

extension LifecycleEvent {
    /// `"60.0 end(timer) dawn"`: the time to the millisecond, the kind, the story id.
    var brief: String {
        let t = (time * 1000).rounded() / 1000
        let name: String
        switch kind {
        case .end(let reason): name = "end(\(reason.rawValue))"
        case .suspend(let cause): name = "suspend(\(cause.rawValue))"
        case .resume(let cause): name = "resume(\(cause.rawValue))"
        default: name = kind.name
        }
        return ["\(t)", name, id].compactMap { $0 }.joined(separator: " ")
    }
}
