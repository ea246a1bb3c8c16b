import Engine
@testable import TUI
@testable import ViewerCore

/// A whole viewer session in process: the shipped loop (`Viewer`, with its `ViewerSession` of model,
/// decoder and screen) over a `TestTerminal` and a `TestHost`, driven by bytes and events at
/// hand-written times. Each step runs the loop's turns up to its time, as the program would (every
/// wake-up on the way is taken, each followed by a frame), and ends with a frame drawn at that time.
/// What reached the host is kept there: lifecycle events as brief lines, errors, reloads, suspends.
final class SessionHarness {
    let terminal: TestTerminal
    let host: TestHost
    let viewer: Viewer<TestTerminal, TestHost>
    var session: ViewerSession { viewer.session }

    /// A session as the launcher starts it; `seen` is what `SeenStories.open` found (its start for
    /// `--resume`, its notice, its store). `cachedPictures` are answered at once, by path.
    init(_ deck: Deck, width: Int = 80, height: Int = 24, options: PlaybackOptions = PlaybackOptions(),
         settings: ViewerModel.Settings = ViewerModel.Settings(),
         seen: SeenStories = SeenStories(), resume: Bool = false, at start: Double = 0,
         cachedPictures: [String: Result<ImageCells, ImageProblem>] = [:]) {
        terminal = TestTerminal(width: width, height: height)
        host = TestHost(at: start, seenStore: seen.store)
        host.cachedPictures = cachedPictures
        var model = ViewerModel(deck: deck, playbackOptions: seen.playbackOptions(options, deck: deck, resume: resume),
                                settings: settings, size: terminal.size)
        seen.apply(to: &model)
        let session = ViewerSession(model: model, screen: Screen(backend: terminal, layout: ScreenLayout(options: settings.layout)))
        viewer = Viewer(session: session, backend: terminal, host: host)
        host.revision = { [unowned session] in session.model.revision }
        viewer.start()
        viewer.catchUp()
    }

    /// Bytes typed at `time`, then a frame drawn.
    func type(_ text: String, at time: Double) {
        host.schedule(.input(ArraySlice(text.utf8)), at: time)
        run(until: time)
    }

    /// An event at `time`, then a frame drawn.
    func send(_ event: ViewerEvent, at time: Double) {
        host.schedule(.event(event), at: time)
        run(until: time)
    }

    /// Ctrl-Z at `time`, with the process stopped until `resumed` (`fg`).
    func suspend(at time: Double, until resumed: Double) {
        host.stopDuration = resumed - time
        send(.suspendRequested, at: time)
        host.stopDuration = 0
    }

    /// The loop runs to `time`: every wake-up and scripted arrival on the way, in order, then a frame.
    func run(until time: Double) {
        host.horizon = max(time, host.time)
        while viewer.exitCode == nil, host.time < host.horizon || host.hasScript { viewer.turn() }
        viewer.catchUp()
    }

    /// The lifecycle events since the last call.
    func take() -> [String] { host.takeLog() }

    /// The events file's lines since the last call (`t` counted from 0).
    func takeEventLines() -> [String] { host.takeEventLines() }

    var screen: [String] { terminal.lines }
    var exitCode: Int32? { viewer.exitCode }
    var errors: [String] { host.errors }
    var reloadRequests: Int { host.reloadRequests }
    var suspends: Int { host.suspends }
    var seenMarks: [String] { host.seenMarks }
    var seenStore: SeenStoriesStore? { host.seenStore }
    var watchedFiles: [String] { host.watchedFiles }
    var pictureRequests: [[ImageRequest]] { host.pictureRequests }
    var keyboardFlagsPushed: Bool { host.keyboardFlagsPushed }
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
