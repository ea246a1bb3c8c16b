import Foundation
import Glibc
import Testing
@testable import TUI

@Suite("Control FIFO channel")
struct ControlChannelTests {
    static func fifoPath() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("stories-control-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
    }

    /// Writes as `printf`/`echo` into the FIFO would: open, write, close.
    static func write(_ text: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        guard descriptor >= 0 else { Issue.record("cannot open the FIFO for writing"); return }
        _ = text.withCString { Glibc.write(descriptor, $0, strlen($0)) }
        close(descriptor)
    }

    @Test("creates the FIFO; writers come and go; a last line without a newline still counts")
    func writersComeAndGo() throws {
        let path = Self.fifoPath()
        defer { unlink(path) }
        let channel = try ControlChannel(path: path)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        Self.write("next\ngoto 3\n", to: path)
        #expect(channel.readCommands() == [.next, .goto("3")])
        // `printf next > fifo`: no newline, then the writer leaves.
        Self.write("next", to: path)
        #expect(channel.readCommands() == [.next])
        Self.write("pause\n", to: path)
        #expect(channel.readCommands() == [.pause])
        // Nothing written: nothing read, and the descriptor does not report a hang-up for ever.
        #expect(channel.readCommands().isEmpty)
        var poller = pollfd(fd: channel.descriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 0) == 0)
    }

    @Test("a path that is not a FIFO is refused")
    func notAFIFO() {
        let path = Self.fifoPath()
        #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        defer { unlink(path) }
        #expect(throws: ControlChannel.OpenError.self) { try ControlChannel(path: path) }
    }
}
