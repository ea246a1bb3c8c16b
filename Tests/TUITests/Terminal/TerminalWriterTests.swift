import Glibc
import Testing
@testable import TUI

/// The writer's bytes in flight (the pipe's and its thread's) and the direct write of a bar step: a pipe of
/// one page stands for a terminal that stopped reading, so the thread blocks with bytes in hand.
@Suite("Terminal: the writer's bytes in flight and the direct write")
struct TerminalWriterTests {
    /// Waits for `condition` (the thread runs on its own), at most 10 s: a bound for a broken writer, not a
    /// measure of time.
    static func eventually(_ condition: () -> Bool) -> Bool {
        for _ in 0..<10_000 {
            if condition() { return true }
            usleep(1000)
        }
        return condition()
    }

    static func waiting(in descriptor: Int32) -> Int {
        var count: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &count) == 0 ? Int(count) : -1
    }

    /// Reads what the terminal's pipe holds now.
    static func readAll(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while case let count = read(descriptor, &buffer, buffer.count), count > 0 { bytes += buffer[0..<count] }
        return bytes
    }

    /// A terminal that takes one page and then stops reading: a pipe (`terminal`: its non-blocking read end,
    /// then its write end) of 4096 bytes (F_SETPIPE_SZ), and a writer started on it for curses' descriptor,
    /// its thread copying (`copying: false`: not yet, as before the first frame).
    static func onePageTerminal(_ terminal: inout [Int32], copying: Bool = true) throws -> (curses: Int32, writer: TerminalWriter) {
        try #require(pipe(&terminal) == 0)
        _ = fcntl(terminal[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(terminal[1], 1031, Int32(4096))
        let curses = fcntl(terminal[1], F_DUPFD_CLOEXEC, 0)
        try #require(curses >= 0)
        let writer = try #require(TerminalWriter.start(replacing: curses, terminal: terminal[1]))
        if copying { #expect(writer.startCopying()) }
        return (curses, writer)
    }

    @Test("before its thread starts (the first frame), curses' bytes wait in the pipe and a direct write goes out; then they follow, in order")
    func threadAfterTheFirstFrame() throws {
        var terminal: [Int32] = [0, 0]
        let (curses, writer) = try Self.onePageTerminal(&terminal, copying: false)
        defer { close(terminal[0]); close(terminal[1]) }
        // Curses' set-up before the frame (as without a memory file): into the pipe, where nothing copies it yet.
        #expect(DescriptorWriter.writeAll(curses, Array("setup".utf8)) == nil)
        usleep(20_000)
        #expect(Self.readAll(terminal[0]).isEmpty, "no thread: nothing copied")
        #expect(writer.queuedBytes == 5)
        // The frame must not overtake them: the direct write declines while bytes wait.
        #expect(!writer.writeDirectly(Array("frame".utf8), pipe: curses))
        #expect(DescriptorWriter.writeAll(curses, Array("frame".utf8)) == nil)
        #expect(writer.startCopying())
        #expect(writer.startCopying(), "once: a second call starts nothing")
        var received: [UInt8] = []
        #expect(Self.eventually {
            received += Self.readAll(terminal[0])
            return received.count >= 10
        })
        #expect(received == Array("setupframe".utf8))
        close(curses)
        #expect(writer.finish(within: 10))
    }

    @Test("a writer whose thread never started still ends: finish starts it, and it delivers what waits")
    func finishWithoutTheThread() throws {
        var terminal: [Int32] = [0, 0]
        let (curses, writer) = try Self.onePageTerminal(&terminal, copying: false)
        defer { close(terminal[0]); close(terminal[1]) }
        #expect(writer.writeDirectly(Array("frame".utf8), pipe: curses), "the first frame: straight to the terminal")
        #expect(DescriptorWriter.writeAll(curses, Array("restore".utf8)) == nil)
        close(curses)
        #expect(writer.finish(within: 10))
        #expect(Self.readAll(terminal[0]) == Array("framerestore".utf8))
    }

    @Test("bytes handed count until the terminal takes them; a bar step goes direct only when none are in flight, in order")
    func inFlight() throws {
        var terminal: [Int32] = [0, 0]
        let (curses, writer) = try Self.onePageTerminal(&terminal)
        defer { close(terminal[0]); close(terminal[1]) }
        #expect(writer.queuedBytes == 0)
        #expect(writer.writeDirectly(Array("a".utf8), pipe: curses, quiet: true), "nothing in flight: straight to the terminal")
        #expect(Self.readAll(terminal[0]) == Array("a".utf8))

        let total = 100_000
        let handed = [UInt8](repeating: UInt8(ascii: "A"), count: total)
        #expect(DescriptorWriter.writeAll(curses, handed) == nil)
        // The thread holds what the full terminal has not taken.
        #expect(Self.eventually { Self.waiting(in: terminal[0]) == 4096 })
        let queued = writer.queuedBytes
        #expect(queued >= total - 4096 && queued <= total, "in flight: \(queued) of \(total), 4096 taken")
        // A bar step now must not overtake them: it goes into the pipe, after them.
        #expect(!writer.writeDirectly(Array("B".utf8), pipe: curses, quiet: true))
        #expect(DescriptorWriter.writeAll(curses, Array("B".utf8)) == nil)
        // The terminal reads again.
        var received: [UInt8] = []
        #expect(Self.eventually {
            received += Self.readAll(terminal[0])
            return received.count >= total + 1
        })
        #expect(received == handed + Array("B".utf8), "in order, nothing lost")
        #expect(Self.eventually { writer.queuedBytes == 0 && writer.isDrained }, "taken: nothing in flight")
        // Direct again, and the next quiet one too (the pipe known empty).
        #expect(writer.writeDirectly(Array("C".utf8), pipe: curses, quiet: true))
        #expect(writer.writeDirectly(Array("D".utf8), pipe: curses, quiet: true))
        #expect(Self.readAll(terminal[0]) == Array("CD".utf8))
        close(curses)
        #expect(writer.finish(within: 10))
    }

    @Test("the thread's timed writes to a terminal that waits are samples of its speed")
    func measuresSpeed() throws {
        var terminal: [Int32] = [0, 0]
        let (curses, writer) = try Self.onePageTerminal(&terminal)
        defer { close(terminal[0]); close(terminal[1]) }
        let before = writer.throughput
        let total = 400_000
        #expect(DescriptorWriter.writeAll(curses, [UInt8](repeating: 0x41, count: total)) == nil)
        // A slow reader: 4 KiB at a time, a few milliseconds apart, so each 32 KiB write waits.
        var received = 0
        #expect(Self.eventually {
            usleep(2000)
            received += Self.readAll(terminal[0]).count
            return received >= total
        })
        #expect(Self.eventually { writer.isDrained })
        // At most 64 KiB (one read) every 2 ms: 32 MB/s; a sample of any write that waited is below that.
        #expect(writer.throughput != before && writer.throughput.bytesPerSecond < 32e6,
                "the belief moved to what the reader takes: \(writer.throughput.bytesPerSecond)")
        close(curses)
        #expect(writer.finish(within: 10))
    }
}
