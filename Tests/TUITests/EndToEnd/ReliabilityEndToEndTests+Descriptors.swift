import Foundation
import Glibc
import Testing

/// Issue 14 item 10: few file descriptors (`ulimit -n 8`). Before, the terminal description could not be opened
/// (EMFILE) and the program said "the terminal type … is not known here", printed plain text and exited 0.
/// Whatever the limit, the program either runs full screen or says it lacks resources and exits 74.
extension ReliabilityEndToEndTests {
    @Test("few descriptors (prlimit --nofile 4…16): full screen, or a resources message and exit 74, never `not known`",
          arguments: [false, true], [4, 8, 9, 10, 11, 12, 13, 16])
    func fewDescriptors(channels: Bool, limit: Int) throws {
        let run = ScratchRun(deck: Self.threeStories)
        let options = channels ? ["--events", run.path("events.jsonl"), "--control", run.path("control.fifo"), "--watch"] : []
        let session = run.start(options + [run.deck], prefix: "prlimit --nofile=\(limit):\(limit) -- ", stderr: "stderr")
        let label = "nofile \(limit)\(channels ? " with channels" : "")"
        let shown = session.waitForScreen(timeout: 5) { Self.titleRow($0).contains("Dawn") || $0.joined().contains("stories-tui") }
        let fullScreen = session.format("#{alternate_on}") == "1"
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
            #expect(code == 74, "\(label): exit \(String(describing: code)), screen \(shown ?? [])")
            #expect(message.count == 1 && message[0].hasPrefix("stories-tui: "), "\(label): \(message)")
            #expect(message.joined().contains("ulimit -n") || message.joined().contains("descriptors"), "\(label): \(message)")
        }
        FaultEndToEndTests.expectRestored(session)
    }
}
