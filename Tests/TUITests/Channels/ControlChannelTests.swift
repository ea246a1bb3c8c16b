import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Control FIFO channel (SPEC 6): never waits, never replays, never spins")
struct ControlChannelTests {
    /// Writes as `printf`/`echo` into the FIFO would: open, write, close.
    static func write(_ text: String, to path: String) {
        let descriptor = open(path, O_WRONLY | O_NONBLOCK)
        guard descriptor >= 0 else { Issue.record("cannot open the FIFO for writing"); return }
        _ = text.withCString { Glibc.write(descriptor, $0, strlen($0)) }
        close(descriptor)
    }

    static func commands(_ results: [Result<ControlCommand, ChannelFailure>]) -> [ControlCommand] {
        results.compactMap { try? $0.get() }
    }

    /// Whether `poll` reports the descriptor ready right now (a descriptor of -1 never is).
    static func isReady(_ descriptor: Int32) -> Bool {
        var slot = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&slot, 1, 0) > 0
    }

    @Test("creates the FIFO (0600); writers come and go; a last line without a newline still counts")
    func writersComeAndGo() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("control")
        let channel = try ControlChannel.open(path: path).get()
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO && status.st_mode & 0o777 == 0o600)
        Self.write("next\ngoto 3\n", to: path)
        #expect(channel.read() == [.success(.action(.next)), .success(.goto("3"))])
        // `printf next > fifo`: no newline, then the writer leaves.
        Self.write("next", to: path)
        #expect(channel.read() == [.success(.action(.next))])
        for round in 0..<20 {
            Self.write(round.isMultiple(of: 2) ? "pause\n" : "resume", to: path)
            #expect(channel.read() == [.success(.action(round.isMultiple(of: 2) ? .pause : .resume))])
        }
        // Nothing written: nothing read, and the descriptor does not report a hang-up for ever.
        #expect(channel.read().isEmpty)
        #expect(channel.isListening)
        #expect(!Self.isReady(channel.descriptor))
    }

    @Test("an existing path that is not a FIFO is refused at start, a symbolic link to a FIFO too")
    func notAFIFO() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let file = folder.file("file")
        folder.write("next\n", to: file)
        #expect(throws: ChannelFailure(channel: .control, path: file, reason: .wrongType(.regular))) {
            try ControlChannel.open(path: file).get()
        }
        let fifo = folder.file("fifo")
        folder.fifo(fifo)
        let link = folder.file("link")
        #expect(symlink(fifo, link) == 0)
        #expect(throws: ChannelFailure(channel: .control, path: link, reason: .wrongType(.symbolicLink))) {
            try ControlChannel.open(path: link).get()
        }
    }

    enum Replacement: String, CaseIterable {
        case regularFile, folder, linkToDevZero, nothing
    }

    @Test("the path swapped while a writer is connected: after it leaves, no replay, no spin, listening stops once",
          arguments: Replacement.allCases)
    func swapped(_ replacement: Replacement) throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("control")
        let channel = try ControlChannel.open(path: path).get()
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        #expect(writer >= 0)
        _ = "pause\n".withCString { Glibc.write(writer, $0, strlen($0)) }
        #expect(unlink(path) == 0)
        let expected: ChannelFailure.Reason
        switch replacement {
        case .regularFile:
            folder.write("next\n", to: path)
            expected = .wrongType(.regular)
        case .folder:
            #expect(mkdir(path, 0o700) == 0)
            expected = .wrongType(.directory)
        case .linkToDevZero:
            #expect(symlink("/dev/zero", path) == 0)
            expected = .wrongType(.symbolicLink)
        case .nothing:
            expected = .cannotOpen(SystemError(code: ENOENT))
        }
        close(writer)
        let first = channel.read()
        #expect(first == [.success(.action(.pause)), .failure(ChannelFailure(channel: .control, path: path, reason: expected))])
        #expect(!channel.isListening)
        #expect(channel.descriptor == -1, "poll skips it: nothing to spin on")
        for _ in 0..<100 { #expect(channel.read().isEmpty, "no replay") }
    }

    @Test("one read takes at most 64 KiB; the rest waits for the next call")
    func boundedRead() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("control")
        let channel = try ControlChannel.open(path: path).get()
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        defer { close(writer) }
        // A pipe of 1 MiB holds the whole burst: 40 960 lines of 5 bytes (200 KiB).
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
        #expect(fcntl(writer, setPipeSize, 1 << 20) >= 262_144)
        let burst = [UInt8](String(repeating: "next\n", count: 40_960).utf8)
        #expect(burst.withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) } == burst.count)
        let first = channel.read()
        #expect(first.count == ControlChannel.readLimit / 5)
        #expect(Self.isReady(channel.descriptor), "the rest is still there")
        var total = first.count
        for _ in 0..<10 { total += channel.read().count }
        #expect(total == 40_960)
    }

    @Test("a line over 4096 bytes is dropped whole and reported; the next line still counts")
    func overlongLine() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("control")
        let channel = try ControlChannel.open(path: path).get()
        Self.write("goto " + String(repeating: "x", count: 5000) + "\nnext\n" + String(repeating: "y", count: 4097), to: path)
        let tooLong = ChannelFailure(channel: .control, path: path, reason: .lineTooLong(limit: 4096))
        #expect(channel.read() == [.failure(tooLong), .success(.action(.next)), .failure(tooLong)])
        #expect(channel.isListening)
    }

    @Test("lines split across chunks are joined; an overlong line is dropped, not cut")
    func lineBuffer() {
        var buffer = LineBuffer(limit: 8)
        #expect(buffer.append(Array("ne".utf8)).isEmpty)
        #expect(buffer.append(Array("xt\ngoto 2\npa".utf8)) == [.complete("next"), .complete("goto 2")])
        #expect(buffer.append(Array("use\n".utf8)) == [.complete("pause")])
        #expect(buffer.append(Array("0123456789abcdef\n12345678\n".utf8)) == [.tooLong, .complete("12345678")])
        #expect(buffer.append(Array("0123456789".utf8)).isEmpty)
        #expect(buffer.flush() == .tooLong)
        #expect(buffer.flush() == nil)
    }
}
