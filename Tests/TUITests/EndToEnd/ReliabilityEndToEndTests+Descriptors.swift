import Foundation
import Glibc
import Testing

/// Issue 14 item 10: few file descriptors (`ulimit -n 8`). Before, the terminal description could not be opened
/// (EMFILE) and the program said "the terminal type … is not known here", printed plain text and exited 0.
/// Whatever the limit, the program either runs full screen or says it lacks resources and exits 74.
extension ReliabilityEndToEndTests {
    @Test("few descriptors (prlimit --nofile 4 to 16): full screen, or a resources message and exit 74, never `not known`",
          arguments: [false, true], Array(4...16))
    func fewDescriptors(channels: Bool, limit: Int) throws {
        let run = ScratchRun(deck: Self.threeStories)
        let options = channels ? ["--events", run.path("events.jsonl"), "--control", run.path("control.fifo"), "--watch"] : []
        let session = run.start(options + [run.deck], prefix: "prlimit --nofile=\(limit):\(limit) -- ", stderr: "stderr")
        let label = "nofile \(limit)\(channels ? " with channels" : "")"
        // Full screen with the first story, or ended (a message, or plain text): whichever comes first.
        var fullScreen = false
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            if session.format("#{alternate_on}") == "1" && Self.titleRow(session.screen()).contains("Dawn") {
                fullScreen = true
                break
            }
            if session.programPID().map(ProcessProbe.isRunning) == false { break }
            usleep(20_000)
        }
        if fullScreen {
            session.send("q")
        }
        let code = session.waitForExit()
        let message = Self.lines(run.path("stderr"))
        #expect(!message.joined().contains("not known"), "\(label): \(message)")
        if fullScreen {
            #expect(code == 0, "\(label)")
            #expect(message.isEmpty, "\(label): \(message)")
        } else {
            #expect(code == 74, "\(label): exit \(String(describing: code)), screen \(session.screen().prefix(3))")
            #expect(message.count == 1 && message[0].hasPrefix("stories-tui: "), "\(label): \(message)")
            #expect(message.joined().contains("ulimit -n") || message.joined().contains("descriptors"), "\(label): \(message)")
        }
        FaultEndToEndTests.expectRestored(session)
    }
}
