import Foundation
import Glibc
import Testing

/// Every failed write is reported once and exits 74 (issue 14 item 8; before, all of these exited 0).
@Suite(.serialized)
struct WriteFailureEndToEndTests {
    static let deck = ViewerEndToEndTests.threeStories

    @Test("--plain, --check and --help to /dev/full exit 74 with one message on stderr",
          arguments: ["--plain", "--check", "--help"])
    func standardOutputFull(option: String) {
        let command = "\(TmuxSession.quote(TmuxSession.binary)) \(option) \(TmuxSession.quote(Self.deck)) > /dev/full"
        let output = ProcessRunner.run(["sh", "-c", command], timeout: 10)
        #expect(output.status == 74)
        let lines = output.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("stories-tui: "), "\(output.standardError)")
    }

    @Test("--events /dev/full: the viewer runs, and at the end one message and exit 74, the terminal restored")
    func eventsFull() {
        let errors = FaultEndToEndTests.eventsPath()
        defer { unlink(errors) }
        let session = TmuxSession(command: "\(TmuxSession.quote(TmuxSession.binary)) --events /dev/full "
            + "\(TmuxSession.quote(Self.deck)) 2>\(TmuxSession.quote(errors))")
        defer { session.close() }
        #expect(session.waitForScreen { $0.count > 1 && $0[1].contains("Dawn") } != nil)
        session.send("q")
        #expect(session.waitForExit() == 74)
        FaultEndToEndTests.expectRestored(session)
        let lines = FaultEndToEndTests.events(errors)
        #expect(lines.count == 1 && lines[0].contains("/dev/full"), "\(lines)")
    }
}
