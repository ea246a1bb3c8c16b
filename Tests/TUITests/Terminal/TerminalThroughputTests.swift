import Testing
@testable import TUI
@testable import ViewerCore

/// The terminal's speed as the writer measures it, and the piece of a picture it sizes (docs/IMAGES.md,
/// "Pieces sized by the terminal's speed").
@Suite("Terminal: the terminal's speed and a picture's piece")
struct TerminalThroughputTests {
    @Test("a piece is what the terminal takes in half the interval, within the floor and the ceiling", arguments: [
        // bytes a second, interval, bytes of the piece
        (4e6, 1.0 / 60, 33_333),        // the slow terminal of the benchmark: 8.3 ms of it
        (1e7, 1.0 / 60, 83_333),        // a pty read as fast as it comes here
        (1e7, 0.025, 125_000),          // half of a 25 ms bar step
        (1e5, 1.0 / 60, 16 << 10),      // a slow link: the floor, so that the picture keeps moving
        (0, 1.0 / 60, 16 << 10),
        (1e9, 1.0 / 60, 1 << 20),       // a fast terminal: at most the ceiling
        (Double.infinity, 1.0 / 60, 16 << 10),
        (Double.nan, 1.0 / 60, 16 << 10),
    ] as [(Double, Double, Int)])
    func pieceBytes(rate: Double, interval: Double, expected: Int) {
        #expect(TerminalThroughput.pieceBytes(bytesPerSecond: rate, interval: interval) == expected)
    }

    @Test("a write that waited is a sample, smoothed; one that came back at once is not")
    func samples() {
        var speed = TerminalThroughput()
        #expect(speed.bytesPerSecond == TerminalThroughput.initialBytesPerSecond)
        // 32 KiB taken in 10 µs: the kernel's buffer, not the terminal.
        speed.took(bytes: 32 << 10, seconds: 10e-6)
        #expect(speed.bytesPerSecond == TerminalThroughput.initialBytesPerSecond)
        // 80 000 bytes in 10 ms: 8 MB/s, half the way from 4 MB/s.
        speed.took(bytes: 80_000, seconds: 0.01)
        #expect(abs(speed.bytesPerSecond - 6e6) < 1)
        for _ in 0..<60 { speed.took(bytes: 80_000, seconds: 0.01) }
        #expect(abs(speed.bytesPerSecond - 8e6) < 1, "it settles on what the terminal takes")
        #expect(abs(speed.seconds(for: 80_000) - 0.01) < 1e-9)
    }

    @Test("the belief stays within its bounds")
    func bounds() {
        var speed = TerminalThroughput()
        for _ in 0..<200 { speed.took(bytes: 1 << 30, seconds: 0.001) }
        #expect(speed.bytesPerSecond == TerminalThroughput.fastest)
        for _ in 0..<200 { speed.took(bytes: 1, seconds: 1) }
        #expect(speed.bytesPerSecond == TerminalThroughput.slowest)
    }
}
