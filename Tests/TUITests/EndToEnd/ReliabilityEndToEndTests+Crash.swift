import Foundation
import Glibc
import Testing

/// Issue 14, "a crash never wrecks the terminal", with the runtime's backtracer asked for: the terminal is
/// given back first, then the backtrace goes to standard error, never as an interactive session on the
/// terminal. (`FaultEndToEndTests.crash` holds the default case: no SWIFT_BACKTRACE, one line, at once.)
extension ReliabilityEndToEndTests {
    @Test("SWIFT_BACKTRACE=enable=yes,interactive=no: terminal restored, our line, then the backtrace on stderr")
    func crashWithBacktrace() throws {
        let run = ScratchRun(deck: Self.threeStories)
        let session = run.start([run.deck], stderr: "stderr",
                                environment: ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"])
        #expect(session.waitForScreen { Self.titleRow($0).contains("Dawn") } != nil)
        session.signal(SIGSEGV)
        // Symbolicating a debug build takes a while on a loaded machine.
        #expect(session.waitForExit(timeout: 60) == 128 + SIGSEGV)
        FaultEndToEndTests.expectRestored(session)
        let lines = Self.lines(run.path("stderr"))
        #expect(lines.first?.hasPrefix("stories-tui: internal error") == true, "\(lines.prefix(3))")
        #expect(lines.contains { $0.contains("Program crashed") }, "no backtrace: \(lines.prefix(5))")
        #expect(!lines.joined().contains("Press space"), "an interactive backtracer")
    }
}
