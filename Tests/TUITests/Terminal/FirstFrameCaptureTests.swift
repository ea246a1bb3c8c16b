import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// Curses' output held back until the first frame (FirstFrameCapture): a pipe stands for the terminal,
/// an unlinked temporary file for the memory file the backend makes.
@Suite("First frame capture")
struct FirstFrameCaptureTests {
    @Test("what is written meanwhile comes back from end, none of it reaches the terminal before, all after")
    func holdsThenGivesBack() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        // Curses' own descriptor of the terminal.
        let curses = fcntl(ends[1], F_DUPFD_CLOEXEC, 0)
        try #require(curses >= 0)
        defer { close(curses) }
        let capture = try #require(FirstFrameCapture.begin(on: curses, into: Self.scratchFile()))
        // More than a pipe holds (64 KiB): a memory file never blocks the writer.
        let frame = [UInt8]("set-up ".utf8) + [UInt8](repeating: 0x78, count: 100_000)
        #expect(Self.write(frame, to: curses) == frame.count)
        var probe = [UInt8](repeating: 0, count: 16)
        #expect(read(ends[0], &probe, probe.count) == -1 && errno == EAGAIN, "nothing reached the terminal yet")
        #expect(capture.end() == frame)
        #expect(Self.write(Array("after".utf8), to: curses) == 5)
        #expect(read(ends[0], &probe, probe.count) == 5 && Array(probe[0..<5]) == Array("after".utf8),
                "the descriptor writes to the terminal again")
        #expect(fcntl(curses, F_GETFD) & FD_CLOEXEC != 0, "and is still closed on exec (the picture helper)")
    }

    @Test("nothing written: end gives nothing back")
    func empty() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let capture = try #require(FirstFrameCapture.begin(on: ends[1], into: Self.scratchFile()))
        #expect(capture.end().isEmpty)
    }

    @Test("no memory file: no capture, and the descriptor still writes to the terminal")
    func withoutMemoryFile() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(FirstFrameCapture.begin(on: ends[1], into: -1) == nil)
        #expect(Self.write(Array("now".utf8), to: ends[1]) == 3)
        var probe = [UInt8](repeating: 0, count: 8)
        #expect(read(ends[0], &probe, probe.count) == 3)
    }

    /// An empty file of its own, already unlinked (as a memory file has no name to remove).
    private static func scratchFile() -> Int32 {
        var template = Array("/tmp/stories-tui-capture-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        if descriptor >= 0 { unlink(template) }
        return descriptor
    }

    private static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count <= 0 { break }
            offset += count
        }
        return offset
    }
}
