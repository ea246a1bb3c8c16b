import Engine
@testable import TUI
@testable import ViewerCore

/// The loop's host in memory: a clock that moves only when the loop sleeps, a script of what
/// arrives when (bytes, events), and a record of every effect that reached it, in order. `wait`
/// sleeps to the loop's deadline, the next scripted arrival or `horizon`, whichever comes first.
final class TestHost: ViewerHost {
    /// The clock; `wait` moves it forward.
    private(set) var time: Double
    /// The latest time the loop may sleep to (the time a harness step drives to).
    var horizon: Double
    /// What arrives when, in order.
    private var script: [(time: Double, arrival: ViewerArrival)] = []
    /// How long a Ctrl-Z stops the process (the clock moves on meanwhile).
    var stopDuration = 0.0
    /// Pictures answered at once, as the loader's cache would, by path.
    var cachedPictures: [String: Result<ImageCells, ImageProblem>] = [:]
    /// Reads the model's revision when an effect arrives (see `trail`).
    var revision: () -> Int = { 0 }

    private(set) var log: [String] = []
    /// The same events as the events file's lines (`t` from 0), for tests of what a reader gets.
    private(set) var eventLines: [String] = []
    private(set) var errors: [String] = []
    private(set) var reloadRequests = 0
    private(set) var suspends = 0
    private(set) var seenMarks: [String] = []
    let seenStore: SeenStoriesStore?
    private(set) var watchedFiles: [String] = []
    private(set) var pictureRequests: [[ImageRequest]] = []
    /// Each `scanVideos` call's paths, in order.
    private(set) var videoScans: [[String]] = []
    private(set) var keyboardFlagsPushed = false
    /// What `picturesChosen` said last.
    private(set) var chosenImages: ImagePresentation?
    private(set) var finished = false
    /// Every effect that reached the host, by name, with the model's revision as it arrived.
    private(set) var trail: [(effect: String, revision: Int)] = []

    init(at start: Double, seenStore: SeenStoriesStore?) {
        time = start
        horizon = start
        self.seenStore = seenStore
    }

    /// Something arrives at `time`.
    func schedule(_ arrival: ViewerArrival, at time: Double) {
        script.append((time, arrival))
    }

    var hasScript: Bool { !script.isEmpty }

    func now() -> Double { time }

    func wait(until deadline: Double?) -> Bool {
        let limit = min(deadline ?? horizon, horizon)
        if let next = script.first, next.time <= limit {
            time = max(time, next.time)
            return true
        }
        time = max(time, limit)
        return false
    }

    func take(into arrivals: inout [ViewerArrival]) -> Bool {
        guard let next = script.first, next.time <= time else { return false }
        script.removeFirst()
        arrivals.append(next.arrival)
        return true
    }

    private func note(_ effect: String) { trail.append((effect, revision())) }

    func log(_ events: [LifecycleEvent]) {
        note("log")
        log += events.map(\.brief)
        eventLines += events.map { $0.jsonLine(origin: 0) }
    }

    func logError(_ message: String) {
        note("logError")
        errors.append(message)
    }

    func loadDeck() {
        note("loadDeck")
        reloadRequests += 1
    }

    func markSeen(_ id: String) {
        note("markSeen")
        seenMarks.append(id)
        seenStore?.record(id)
    }

    func loadImages(_ requests: [ImageRequest]) -> [ImageResult] {
        note("loadImages")
        pictureRequests.append(requests)
        return requests.compactMap { request in
            cachedPictures[request.path].map { ImageResult(request: request, outcome: $0) }
        }
    }

    func scanVideos(_ paths: [String]) {
        note("scanVideos")
        videoScans.append(paths)
    }

    func watchFiles(_ paths: [String]) {
        note("watchFiles")
        watchedFiles = paths
    }

    func picturesChosen(_ images: ImagePresentation) {
        note("picturesChosen")
        chosenImages = images
    }

    func keyboardFlags(pushed: Bool) {
        note("keyboardFlags")
        keyboardFlagsPushed = pushed
    }

    func stopProcess() {
        note("stopProcess")
        suspends += 1
        time += stopDuration
    }

    func stopHelpers() {}
    func finish() { finished = true }

    /// The lifecycle events since the last call.
    func takeLog() -> [String] {
        defer { log = [] }
        return log
    }

    /// The events file's lines since the last call.
    func takeEventLines() -> [String] {
        defer { eventLines = [] }
        return eventLines
    }
}
