import Foundation
import Glibc

/// A scratch folder holding a deck, and the program started on it in tmux. When it goes, a program still
/// running (one that hung, on code without the fix) is killed, tmux ends and the folder is removed.
final class ScratchRun {
    let folder: String
    /// The deck's path, `deck.json` in `folder`.
    let deck: String
    private var sessions: [TmuxSession] = []

    init(deck json: String) {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("stories-reliability-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        deck = folder + "/deck.json"
        write(json, name: "deck.json")
    }

    deinit {
        for session in sessions {
            ProcessProbe.killIfRunning(session.programPID())
            session.close()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// A path in the folder.
    func path(_ name: String) -> String { folder + "/" + name }

    /// Writes `text` as `name` in the folder (atomically, as an editor saves); returns the path.
    @discardableResult
    func write(_ text: String, name: String) -> String {
        let file = path(name)
        try? text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Starts the program with `arguments` in tmux. `prefix` goes before it (`prlimit …`), `stderr` names a
    /// file in the folder for its standard error.
    func start(_ arguments: [String], prefix: String = "", stderr: String? = nil,
               environment: [String: String] = [:]) -> TmuxSession {
        var command = prefix + ([TmuxSession.binary] + arguments).map(TmuxSession.quote).joined(separator: " ")
        if let stderr { command += " 2>" + TmuxSession.quote(path(stderr)) }
        let session = TmuxSession(command: command, environment: environment)
        sessions.append(session)
        return session
    }
}
