import Foundation
import Glibc
import Testing

/// A fresh folder under the temporary directory for one test, and small file helpers for the
/// channel tests (FIFOs, writers that come and go, reading everything a pipe holds).
struct ChannelFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("stories-channels-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        mkdir(path, 0o700)
    }

    /// Removes the folder and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// A path inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `path`, replacing what was there.
    func write(_ text: String, to path: String) {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    }

    /// Makes a FIFO at `path`.
    func fifo(_ path: String) {
        #expect(mkfifo(path, 0o600) == 0)
    }

    /// Makes a FIFO named `name` and opens its read end (a reader that reads only when the test drains it).
    func fifoWithReader(_ name: String) -> (path: String, reader: Int32) {
        let path = file(name)
        fifo(path)
        return (path, Self.openReader(path))
    }

    /// Opens the read end of a FIFO without waiting for a writer.
    static func openReader(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(descriptor >= 0)
        return descriptor
    }

    /// Everything a non-blocking descriptor holds now.
    static func drain(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: buffer[0..<count])
        }
    }

    /// The JSON objects of a JSON-lines text (a line that is not an object fails the test).
    static func objects(_ bytes: [UInt8]) -> [[String: Any]] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n").compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if object == nil { Issue.record("not a JSON object: \(line)") }
            return object
        }
    }
}

/// Runs a block with SIGPIPE blocked on the current thread, so that a SIGPIPE raised there stays
/// pending where the block can see it; whatever is left pending is taken before the mask returns.
enum SignalProbe {
    /// A view of the pending signals.
    struct Probe {
        /// Whether a SIGPIPE is pending for this thread or the process.
        var isPending: Bool {
            var pending = sigset_t()
            sigpending(&pending)
            return sigismember(&pending, SIGPIPE) == 1
        }
    }

    static func withPipeSignalBlocked(_ body: (Probe) throws -> Void) rethrows {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var immediately = timespec(tv_sec: 0, tv_nsec: 0)
            while Probe().isPending && sigtimedwait(&pipeSignal, nil, &immediately) == SIGPIPE {}
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        #expect(!Probe().isPending, "no SIGPIPE pending before the block")
        try body(Probe())
    }
}
