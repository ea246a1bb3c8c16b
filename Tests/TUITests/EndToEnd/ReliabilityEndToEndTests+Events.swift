import Foundation
import Glibc
import Testing

/// Issue 14 item 2: an `--events` reader that stalls must never freeze the viewer. Before, the events write
/// blocked the loop (`anon_pipe_write`): keys, `q`, SIGINT, SIGTERM and SIGHUP were all ignored, and a FIFO
/// with no reader blocked before the first frame.
extension ReliabilityEndToEndTests {
    /// 20 000 control lines, half `toggle` (a pause or resume event each), half unknown commands of 300
    /// bytes (an `error` event each): about 2 MB of events, twice what the events queue keeps.
    static let controlFlood: [UInt8] = {
        let unknown = Array(String(repeating: "x", count: 300).utf8) + [0x0A]
        let toggle = Array("toggle\n".utf8)
        return (0..<20_000).flatMap { $0.isMultiple(of: 2) ? toggle : unknown }
    }()

    /// A viewer whose events go to a FIFO that the test holds open but does not read, flooded through
    /// its control FIFO until the events queue overflows.
    final class StalledEvents {
        let run = ScratchRun(deck: ReliabilityEndToEndTests.threeStories)
        let reader: PipeEnd?
        let session: TmuxSession
        let written: Int

        init() {
            let events = run.path("events.fifo")
            PipeEnd.makeFIFO(events)
            reader = PipeEnd.reader(events)
            session = run.start(["--events", events, "--control", run.path("control.fifo"), run.deck])
            _ = session.waitForScreen { ReliabilityEndToEndTests.titleRow($0).contains("Dawn") }
            let writer = PipeEnd.writer(run.path("control.fifo"), timeout: 10)
            written = writer?.write(ReliabilityEndToEndTests.controlFlood) ?? 0
        }
    }

    @Test("a stalled events reader: keys still work, one complete `dropped` line once it drains, q exits 0")
    func stalledEventsReader() throws {
        let stalled = StalledEvents()
        let session = stalled.session
        let reader = try #require(stalled.reader)
        #expect(stalled.written == Self.controlFlood.count, "the program stopped reading its control FIFO")
        session.send("Right")
        #expect(session.waitForScreen { Self.titleRow($0).contains("Noon") } != nil, "keys ignored while the reader stalls")
        // The reader catches up: what it gets is whole lines, then one line counting what was left out.
        var bytes: [UInt8] = []
        let end = Date().addingTimeInterval(15)
        while Date() < end && !String(decoding: bytes, as: UTF8.self).contains(#""event":"dropped""#) {
            bytes += reader.drain()
            usleep(20_000)
        }
        session.send("Right")
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dusk") } != nil)
        usleep(300_000)
        bytes += reader.drain()
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        let dropped = lines.filter { $0.contains(#""event":"dropped""#) }
        #expect(dropped.count == 1, "\(dropped)")
        let count = dropped.first.flatMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["count"] as? Int
        }
        #expect((count ?? 0) > 1000, "\(dropped)")
        let unparsed = lines.filter { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) == nil }
        #expect(unparsed.isEmpty, "cut lines: \(unparsed.prefix(2))")
        #expect(lines.last?.contains(#""event":"begin""#) == true, "events after the drop arrive: \(lines.suffix(2))")
        #expect(TerminalBytes.textViolations(bytes) == [])
        session.send("q")
        #expect(session.waitForExit() == 0)
        FaultEndToEndTests.expectRestored(session)
    }

    @Test("a stalled events reader: q exits 0 and SIGTERM 143 within 1 s, the terminal restored",
          arguments: ["q", "SIGTERM"])
    func stalledEventsReaderQuits(way: String) throws {
        let stalled = StalledEvents()
        let session = stalled.session
        #expect(stalled.written == Self.controlFlood.count, "the program stopped reading its control FIFO")
        let pid = try #require(session.programPID())
        #expect(ProcessProbe.isRunning(pid))
        if way == "q" {
            session.send("q")
            #expect(ProcessProbe.waitUntilGone(pid, timeout: 5) != nil, "q ignored while the reader stalls")
            #expect(session.waitForExit() == 0)
        } else {
            kill(pid, SIGTERM)
            let seconds = ProcessProbe.waitUntilGone(pid, timeout: 5)
            #expect((seconds ?? 99) < 1, "SIGTERM took \(seconds.map { "\($0) s" } ?? "for ever")")
            #expect(session.waitForExit() == 143)
        }
        FaultEndToEndTests.expectRestored(session)
    }

    @Test("--events on a FIFO that no program reads: exit 74 with a message before the screen is taken, no wait")
    func eventsFIFOWithoutReader() throws {
        let run = ScratchRun(deck: Self.threeStories)
        let events = run.path("events.fifo")
        PipeEnd.makeFIFO(events)
        let session = run.start(["--events", events, run.deck], stderr: "stderr")
        #expect(session.waitForExit(timeout: 5) == 74, "waited for a reader: \(session.screen())")
        let message = Self.lines(run.path("stderr"))
        #expect(message.count == 1 && message[0].hasPrefix("stories-tui: ") && message[0].contains("named pipe"),
                "\(message)")
        FaultEndToEndTests.expectRestored(session)
    }
}
