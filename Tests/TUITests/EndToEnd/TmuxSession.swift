import Foundation
import Glibc
import Testing

/// A real terminal for end-to-end tests: a detached tmux session on its own server socket,
/// running one shell command, whose screen the test reads with `capture-pane`.
final class TmuxSession {
    let socket: String
    let name = "stories"
    /// A scratch folder for this session: exit code and terminal state land here.
    let folder: URL

    /// Every byte the program writes to the terminal, when the session was started with `recordOutput`.
    var outputFile: URL { folder.appendingPathComponent("output.raw") }

    /// Starts `command` (a shell command line) in a `width`×`height` terminal with a UTF-8 locale.
    /// After the command ends, the pane records its exit status and `stty -a`, then waits.
    /// With `recordOutput`, the command starts only once `tmux pipe-pane` copies everything written to the pane
    /// into `outputFile`, so the raw bytes can be checked. `unset` names variables removed from the environment.
    init(command: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:],
         unset: [String] = [], recordOutput: Bool = false) {
        socket = "stories-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var variables = ["LANG": "C.UTF-8", "TERM": "tmux-256color"]
        for (key, value) in environment { variables[key] = value }
        for key in unset { variables[key] = nil }
        let exports = variables.sorted { $0.key < $1.key }
            .map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let status = Self.quote(folder.appendingPathComponent("status").path)
        let stty = Self.quote(folder.appendingPathComponent("stty").path)
        let pidFile = Self.quote(folder.appendingPathComponent("pid").path)
        // The inner shell records its pid and then becomes the program, so that tests can signal it.
        let gate = Self.quote(folder.appendingPathComponent("gate").path)
        let wait = recordOutput ? "while [ ! -e \(gate) ]; do sleep 0.01; done; " : ""
        // The test runner may hand down NO_COLOR or COLORTERM: a session has colour unless a test asks otherwise.
        let inherited = ["NO_COLOR", "COLORTERM"].filter { environment[$0] == nil }
        let removals = (unset + inherited).map { "-u \($0) " }.joined()
        let inner = "\(wait)echo $$ > \(pidFile); exec env \(removals)\(exports) \(command)"
        let script = "sh -c \(Self.quote(inner)); echo $? > \(status).tmp; stty -a > \(stty) 2>&1; "
            + "mv \(status).tmp \(status); exec sleep 600"
        ProcessRunner.run(["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name,
                           "-x", "\(width)", "-y", "\(height)", "sh", "-c", script])
        if recordOutput {
            ProcessRunner.run(["tmux", "-L", socket, "pipe-pane", "-o", "-t", name,
                               "cat >> \(Self.quote(outputFile.path))"])
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("gate").path, contents: nil)
        }
    }

    /// The bytes the program wrote to the terminal so far (with `recordOutput`).
    func output() -> [UInt8] {
        (try? [UInt8](Data(contentsOf: outputFile))) ?? []
    }

    /// Sends a signal to the program under test.
    func signal(_ number: Int32) {
        guard let pid = programPID() else { return }
        kill(pid, number)
    }

    deinit { close() }

    /// Ends the tmux server and removes the scratch folder.
    func close() {
        ProcessRunner.run(["tmux", "-L", socket, "kill-server"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Sends keys as tmux names them (`Right`, `Space`, `q`, `C-c`, `Escape`).
    func send(_ keys: String...) {
        ProcessRunner.run(["tmux", "-L", socket, "send-keys", "-t", name] + keys)
    }

    /// Sends text literally.
    func type(_ text: String) {
        ProcessRunner.run(["tmux", "-L", socket, "send-keys", "-l", "-t", name, text])
    }

    /// Sends a mouse button event as an xterm terminal reports it (X10 encoding, which the
    /// tmux-256color terminfo entry names): button 0 pressed, or 3 released, at a 0-based cell.
    func mouse(pressed: Bool, column: Int, row: Int) {
        let bytes = [0x1B, 0x5B, 0x4D, (pressed ? 0 : 3) + 32, column + 33, row + 33]
        let text = String(decoding: bytes.map { UInt8($0) }, as: UTF8.self)
        type(text)
    }

    /// The screen with its colours and attributes as escape sequences (`capture-pane -e -N`: trailing
    /// coloured blanks kept).
    func styledScreen() -> [String] {
        let output = ProcessRunner.run(["tmux", "-L", socket, "capture-pane", "-e", "-p", "-N", "-t", name]).standardOutput
        var lines = output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The screen as lines of text.
    func screen() -> [String] {
        let output = ProcessRunner.run(["tmux", "-L", socket, "capture-pane", "-p", "-t", name]).standardOutput
        var lines = output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A tmux format value for the pane, such as `#{alternate_on}` or `#{cursor_flag}`.
    func format(_ format: String) -> String {
        ProcessRunner.run(["tmux", "-L", socket, "display-message", "-p", "-t", name, format])
            .standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Resizes the terminal.
    func resize(width: Int, height: Int) {
        ProcessRunner.run(["tmux", "-L", socket, "resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The process id of the program under test, once it has started.
    func programPID() -> Int32? {
        let text = try? String(contentsOf: folder.appendingPathComponent("pid"), encoding: .utf8)
        return text.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Polls the screen (with `styled`, the styled screen) until `condition` holds or `timeout`
    /// seconds pass; returns the screen that met it.
    @discardableResult
    func waitForScreen(timeout: Double = 10, styled: Bool = false, _ condition: ([String]) -> Bool) -> [String]? {
        let end = Date().addingTimeInterval(timeout)
        repeat {
            let lines = styled ? styledScreen() : screen()
            if condition(lines) { return lines }
            usleep(20_000)
        } while Date() < end
        return nil
    }

    /// Waits for the command to end and returns its exit status.
    func waitForExit(timeout: Double = 10) -> Int32? {
        let file = folder.appendingPathComponent("status")
        let end = Date().addingTimeInterval(timeout)
        repeat {
            if let text = try? String(contentsOf: file, encoding: .utf8),
               let code = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return code
            }
            usleep(20_000)
        } while Date() < end
        return nil
    }

    /// `stty -a` as run in the pane right after the command ended.
    func terminalSettings() -> String {
        (try? String(contentsOf: folder.appendingPathComponent("stty"), encoding: .utf8)) ?? ""
    }

    /// Single-quotes a word for `sh`.
    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The `stories-tui` built with these tests: in the products folder of the running test bundle
    /// (`/proc/self/exe`'s folder, as SwiftPM lays it out for any `--scratch-path`), never a fixed path
    /// in the checkout or a search of `PATH`. When it is missing, the test running now fails with that
    /// message (and the path, which runs nothing, makes the rest of it fail too).
    static var binary: String {
        let path = builtBinaryPath
        if !FileManager.default.isExecutableFile(atPath: path) { Issue.record(Comment(rawValue: missingBinaryMessage)) }
        return path
    }

    /// Where the binary built with these tests must be.
    static var builtBinaryPath: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("stories-tui").path
    }

    /// The message for a missing binary.
    static var missingBinaryMessage: String {
        "stories-tui is not built next to the test bundle (\(builtBinaryPath)): run swift build --build-tests with the same --scratch-path"
    }
}
