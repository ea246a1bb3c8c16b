import Foundation
import Glibc
import Testing

/// Issue 14 item 3: a deck replaced by a FIFO (`rm deck.json; mkfifo deck.json`) and then reloaded by `r`, the
/// `reload` control command or `--watch`. Before, the reload hung in `open()` until someone wrote to the FIFO,
/// ignoring `q`, SIGINT and SIGTERM.
extension ReliabilityEndToEndTests {
    @Test("a deck that became a FIFO: the reload says why, keys go on, then q exits 0 or SIGTERM 143",
          arguments: ["r", "reload", "--watch"], ["q", "SIGTERM"])
    func reloadOfFIFO(trigger: String, way: String) throws {
        let run = ScratchRun(deck: Self.threeStories)
        let deck = run.deck
        let control = run.path("control.fifo")
        let session = run.start(["--control", control] + (trigger == "--watch" ? ["--watch"] : []) + [deck])
        // A program stuck in open() on the FIFO (before the fix): let it through before it is killed.
        defer { _ = PipeEnd.writer(deck) }
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        let pid = try #require(session.programPID())
        unlink(deck)
        #expect(PipeEnd.makeFIFO(deck))
        switch trigger {
        case "r": session.send("r")
        case "reload": #expect(PipeEnd.writer(control, timeout: 5)?.write(Array("reload\n".utf8)) == 7)
        default: break  // the watcher saw the FIFO arrive
        }
        let notice = session.waitForScreen { Self.prose($0).contains("named pipe") }
        #expect(notice != nil, "no notice: \(session.screen())")
        session.send("Right")
        #expect(session.waitForScreen { Self.titleRow($0).contains("Noon") } != nil, "keys ignored after the reload")
        if way == "q" {
            session.send("q")
            #expect(session.waitForExit(timeout: 5) == 0)
        } else {
            kill(pid, SIGTERM)
            let seconds = ProcessProbe.waitUntilGone(pid, timeout: 5)
            #expect((seconds ?? 99) < 1, "SIGTERM took \(seconds.map { "\($0) s" } ?? "for ever")")
            #expect(session.waitForExit(timeout: 5) == 143)
        }
        FaultEndToEndTests.expectRestored(session)
    }
}
