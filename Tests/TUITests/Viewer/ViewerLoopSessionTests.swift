import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// The loop itself (`Viewer`), as the program runs it: the order effects and their answers take,
/// and the way out.
@Suite
struct ViewerLoopSessionTests {
    @Test("an effect never calls update in place: a cached picture's answer is applied after every effect of the batch that asked for it")
    func answersAreQueued() throws {
        let harness = SessionHarness(PictureSessionTests.deck, settings: PictureSessionTests.settings,
                                     cachedPictures: ["/decks/images/sun.png": .failure(.notAnImage)])
        let trail = harness.host.trail
        let names = trail.map(\.effect)
        // The start's batch asks for the picture first, then logs ready, start and begin and watches the
        // files; the cached answer (a failure, so an error event) must come after all of them.
        let ask = try #require(names.firstIndex(of: "loadImages"))
        let answer = try #require(names.firstIndex(of: "logError"))
        #expect(names[ask..<answer].contains("log") && names[ask..<answer].contains("watchFiles"), "\(names)")
        // Every effect of one batch meets the model as it was when it answered; the answer is a new update.
        let batch = trail[..<answer].map(\.revision)
        #expect(Set(batch).count == 1, "an update ran in the middle of a batch: \(trail)")
        #expect(trail[answer].revision > (batch.first ?? .max))
        #expect(harness.errors.count == 1 && harness.screen.joined().contains("a red sun"))
    }

    @Test("run() is the program's loop: q quits with 0, the terminal is given back and the host finished")
    func runToQuit() {
        let terminal = TestTerminal(width: 80, height: 24)
        let host = TestHost(at: 0, seenStore: nil)
        host.horizon = .infinity
        host.schedule(.input(ArraySlice("q".utf8)), at: 2)
        let model = ViewerModel(deck: ViewerSessionTests.deck, playbackOptions: PlaybackOptions(),
                                settings: ViewerModel.Settings(), size: terminal.size)
        let session = ViewerSession(model: model, screen: Screen(backend: terminal, layout: ScreenLayout(options: LayoutOptions())))
        let viewer = Viewer(session: session, backend: terminal, host: host)
        #expect(viewer.run() == 0)
        #expect(host.time == 2 && host.takeLog().last == "2.0 quit")
        #expect(terminal.stopped && host.finished)
    }

    @Test("Ctrl-Z: the terminal is given back, the process stopped, and after fg the size and the resume come first in the next turn")
    func suspendQueuesResume() {
        let harness = SessionHarness(ViewerSessionTests.deck)
        _ = harness.take()
        harness.suspend(at: 1, until: 3)
        #expect(harness.take() == ["1.0 suspend(stop) dawn", "3.0 resume(stop) dawn"])
        let names = harness.host.trail.map(\.effect)
        #expect(names.suffix(3) == ["log", "stopProcess", "log"])
        #expect(!harness.terminal.suspended && harness.terminal.invalidations > 0)
    }
}
