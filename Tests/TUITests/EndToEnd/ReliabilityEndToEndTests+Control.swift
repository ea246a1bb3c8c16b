import Foundation
import Glibc
import Testing

/// Issue 14 item 4: after a writer leaves, the control FIFO is opened again by name; if the path now holds
/// something else, the channel must stop listening rather than trust it. Before, a regular file's `next` was
/// replayed endlessly (about 16 000 events a second), a folder spun at 100 % CPU, and a symbolic link to
/// `/dev/zero` hung the program for good, deaf to `q` and SIGTERM.
extension ReliabilityEndToEndTests {
    @Test("the control path replaced after its writer left: no replay, no spin, an error event, q exits 0",
          arguments: ["regular file", "folder", "symlink to /dev/zero"])
    func controlPathReplaced(replacement: String) throws {
        let run = ScratchRun(deck: Self.threeStories)
        let control = run.path("control.fifo")
        let events = run.path("events.jsonl")
        let session = run.start(["--control", control, "--events", events, run.deck])
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        let pid = try #require(session.programPID())
        // Paused, the program has nothing to do: any CPU time it takes after the swap is the swap's.
        session.send("p")
        #expect(session.waitForScreen { $0.joined().contains("Paused") } != nil)
        var writer = PipeEnd.writer(control, timeout: 5)
        #expect(writer?.write(Array("next\n".utf8)) == 5)
        #expect(session.waitForScreen { Self.titleRow($0).contains("Noon") } != nil)
        unlink(control)
        switch replacement {
        case "regular file": run.write("next\n", name: "control.fifo")
        case "folder": mkdir(control, 0o700)
        default: symlink("/dev/zero", control)
        }
        writer = nil  // the last writer leaves: the program opens the path again
        usleep(300_000)
        let before = ProcessProbe.cpuTicks(pid) ?? 0
        sleep(2)
        let used = ProcessProbe.cpuTicks(pid).map { $0 - before }
        #expect(ProcessProbe.isRunning(pid), "the program ended by itself")
        #expect(used.map { $0 * 4 < 2 * ProcessProbe.ticksPerSecond } == true,
                "\(used.map { "\($0) ticks" } ?? "no") CPU time in 2 s while idle")
        #expect(Self.titleRow(session.screen()).contains("Noon"), "replayed: \(session.screen())")
        let errors = Self.lines(events).filter { $0.contains(#""event":"error""#) && $0.contains("no longer listening") }
        #expect(errors.count == 1, "\(Self.lines(events).suffix(3))")
        let starts = Self.lines(events).filter { $0.contains(#""event":"begin""#) }
        #expect(starts.count == 2, "\(starts.count) stories began")
        session.send("q")
        #expect(session.waitForExit(timeout: 5) == 0)
        FaultEndToEndTests.expectRestored(session)
    }
}
