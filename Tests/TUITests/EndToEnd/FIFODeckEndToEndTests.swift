import Foundation
import Glibc
import Testing

/// A deck that is a FIFO nobody writes: reading it waits for a writer, as `cat` does (docs/DECK-FORMAT.md,
/// "Files"), and a quit signal ends the wait at once (SPEC 9) with 128 + N, nothing written and the terminal
/// as it was, for `--check`, `--plain` and the viewer; also when the parent handed the signals down blocked.
@Suite(.serialized)
struct FIFODeckEndToEndTests {
    static let binary = TmuxSession.binary

    /// A fresh FIFO in a scratch folder (removed with the folder by the caller).
    static func fifo() throws -> (folder: String, path: String) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("stories-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/deck.json"
        try #require(mkfifo(path, 0o600) == 0)
        return (folder, path)
    }

    /// A shell line that starts the program in the background (its output into `output`), waits until it
    /// sleeps in the FIFO's open (the kernel's `wait_for_partner`), sends it `signal` and exits with its status.
    static func script(_ arguments: String, signal: String, output: String) -> String {
        "\(TmuxSession.quote(binary)) \(arguments) > \(TmuxSession.quote(output)) 2>&1 & p=$!; "
            + "while [ \"$(cat /proc/$p/wchan 2>/dev/null)\" != wait_for_partner ]; do sleep 0.01; done; "
            + "kill -\(signal) $p; wait $p"
    }

    @Test("--check and --plain on a FIFO nobody writes end at once on SIGTERM and SIGHUP, even handed down blocked")
    func checkAndPlain() throws {
        let (folder, fifo) = try Self.fifo()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for mode in ["--check", "--plain", "--check --format json"] {
            for (signal, code) in [("TERM", Int32(143)), ("HUP", Int32(129))] {
                let output = folder + "/output"
                let script = Self.script("\(mode) \(TmuxSession.quote(fifo))", signal: signal, output: output)
                let run = ProcessRunner.run(["sh", "-c", script], timeout: 10, blocked: [SIGINT, SIGTERM, SIGHUP])
                #expect(run.status == code, "\(mode), SIG\(signal): \(run.status) (137: still waiting at 10 s)")
                let written = try String(contentsOfFile: output, encoding: .utf8)
                #expect(written.isEmpty, "\(mode), SIG\(signal) wrote: \(written)")
            }
        }
    }

    /// Ctrl-C's SIGINT is sent to the program itself: the terminal is still in its own (cooked) mode while the
    /// deck is read, so the key would signal the pane's shells too, and they record the exit status.
    @Test("the viewer on a FIFO nobody writes: SIGINT (Ctrl-C) ends the wait with 130, SIGHUP 129, SIGTERM 143, the terminal untouched")
    func viewer() throws {
        let (folder, fifo) = try Self.fifo()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (signal, code) in [(SIGINT, Int32(130)), (SIGHUP, Int32(129)), (SIGTERM, Int32(143))] {
            let session = TmuxSession(command: "\(TmuxSession.quote(Self.binary)) \(TmuxSession.quote(fifo))")
            defer { session.close() }
            let waiting = session.waitForScreen { _ in
                guard let pid = session.programPID(),
                      let channel = try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8) else { return false }
                return channel == "wait_for_partner"
            }
            try #require(waiting != nil, "the viewer never waited in the FIFO's open")
            session.signal(signal)
            #expect(session.waitForExit() == code, "signal \(signal)")
            // The pane's shell names the signal that ended its child ("Hangup", "Terminated"); nothing else is there.
            let screen = session.screen().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(screen.allSatisfy { ["Hangup", "Terminated"].contains($0) }, "\(screen)")
            let settings = session.terminalSettings()
            #expect(settings.contains(" icanon") && settings.contains(" echo "), "\(settings)")
        }
    }
}
