import Glibc
import Testing
@testable import TUI

/// Curses' output held back until the first frame (FirstFrameCapture): a pipe stands for the terminal.
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
        let capture = try #require(FirstFrameCapture.begin(on: curses))
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
        let capture = try #require(FirstFrameCapture.begin(on: ends[1]))
        #expect(capture.end().isEmpty)
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
