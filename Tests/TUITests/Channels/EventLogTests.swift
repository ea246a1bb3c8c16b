import Engine
import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Events file: a bounded queue that never waits for the reader (SPEC 5)")
struct EventLogTests {
    static func begin(_ index: Int) -> LifecycleEvent {
        LifecycleEvent(time: Double(index) / 1000, kind: .begin, index: index, id: "s\(index)")
    }

    @Test("lines in a regular file: lifecycle events, an error with its message escaped")
    func regularFile() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("events.jsonl")
        let log = try EventLog.open(path: path, origin: 10).get()
        log.enqueue([LifecycleEvent(time: 11.5, kind: .begin, index: 0, id: "dawn"), LifecycleEvent(time: 12, kind: .quit)])
        log.enqueueError("unknown \"x\"\u{1B}", at: 12.25)
        #expect(log.wantsWrite)
        log.flush()
        #expect(!log.wantsWrite && log.failure == nil)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == #"""
            {"t":1.500,"event":"begin","index":0,"id":"dawn"}
            {"t":2.000,"event":"quit"}
            {"t":2.250,"event":"error","message":"unknown \"x\"\u001b"}

            """#)
    }

    @Test("while the graphics probe runs, lines are held; released, ready says the choice and the rest follow in order")
    func heldUntilReadyFacts() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("events.jsonl")
        let log = try EventLog.open(path: path, origin: 10).get()
        log.readyFacts = EventLine.readyFacts(images: .symbols(.truecolor), depth: .truecolor)
        log.holdUntilReadyFacts()
        log.enqueue([LifecycleEvent(time: 10, kind: .ready, index: 0, id: "dawn"), LifecycleEvent(time: 10, kind: .begin, index: 0, id: "dawn")])
        log.enqueueError("late", at: 10.1)
        #expect(!log.wantsWrite, "nothing goes out before the choice")
        let kitty = PixelFormat(graphicsProtocol: .kitty, cell: PixelSize(width: 8, height: 16))
        log.release(readyFacts: EventLine.readyFacts(images: .pixels(kitty), depth: .truecolor))
        log.flush()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == #"""
            {"t":0.000,"event":"ready","index":0,"id":"dawn","images":"kitty","transfer":"direct","colors":"truecolor"}
            {"t":0.000,"event":"begin","index":0,"id":"dawn"}
            {"t":0.100,"event":"error","message":"late"}

            """#)
    }

    @Test("the dropped line: its time and count")
    func droppedLine() {
        #expect(EventLine.dropped(7, at: 3.5, origin: 1) == #"{"t":2.500,"event":"dropped","count":7}"#)
    }

    @Test("a stalled FIFO reader: enqueue and flush never wait, memory stays within the bound, drops are counted; once the reader catches up one dropped line says how many, in place")
    func stalledReader() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let (path, reader) = folder.fifoWithReader("events.fifo")
        defer { close(reader) }
        let limit = 32_768
        let log = try EventLog.open(path: path, origin: 0, queueLimit: limit).get()
        #expect(fcntl(log.descriptor, F_GETFL) & O_NONBLOCK != 0, "writes to the reader never wait")
        let total = 5000
        var largestQueue = 0
        for index in 0..<total {
            log.enqueue([Self.begin(index)])
            log.flush()
            largestQueue = max(largestQueue, log.queuedBytes)
        }
        // Each line is about 50 bytes: 250 kB were offered to a pipe of 64 KiB and a queue of 32 KiB.
        #expect(largestQueue <= limit)
        #expect(log.droppedTotal > 0)
        #expect(log.wantsWrite)
        #expect(log.failure == nil)

        var received: [UInt8] = []
        for _ in 0..<100 where log.wantsWrite {
            received += ChannelFolder.drain(reader)
            log.flush()
        }
        received += ChannelFolder.drain(reader)
        log.enqueue([Self.begin(total)])
        log.flush()
        received += ChannelFolder.drain(reader)

        let objects = ChannelFolder.objects(received)
        let dropped = objects.filter { $0["event"] as? String == "dropped" }
        #expect(dropped.count == 1)
        #expect(dropped.first?["count"] as? Int == log.droppedTotal)
        let indexes = objects.compactMap { $0["index"] as? Int }
        #expect(indexes.count + log.droppedTotal == total + 1, "every event is either written or counted")
        #expect(indexes == indexes.sorted(), "lines keep their order")
        // The dropped line stands where the gap is, stamped with the last dropped event's time.
        let gap = try #require(objects.firstIndex { $0["event"] as? String == "dropped" })
        let before = try #require(objects[gap - 1]["index"] as? Int)
        let after = try #require(objects[gap + 1]["index"] as? Int)
        #expect(after - before - 1 == log.droppedTotal)
        #expect(dropped.first?["t"] as? Double == Double(after - 1) / 1000)
        #expect(indexes.last == total)
    }

    @Test("a FIFO that no process reads is refused at open, not waited on")
    func fifoWithoutReader() {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("events.fifo")
        folder.fifo(path)
        let opened = EventLog.open(path: path, origin: 0)
        #expect(throws: ChannelFailure(channel: .events, path: path, reason: .noReader)) { try opened.get() }
    }

    @Test("a folder cannot be opened: the errno is kept")
    func folderPath() {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let opened = EventLog.open(path: folder.path, origin: 0)
        #expect(throws: ChannelFailure(channel: .events, path: folder.path, reason: .cannotOpen(SystemError(code: EISDIR)))) {
            try opened.get()
        }
    }

    @Test("/dev/full: the first failed write is kept, once; nothing is written or queued after it",
          .enabled(if: access("/dev/full", W_OK) == 0))
    func deviceFull() throws {
        let log = try EventLog.open(path: "/dev/full", origin: 0).get()
        log.enqueue([Self.begin(0)])
        log.flush()
        let failure = ChannelFailure(channel: .events, path: "/dev/full", reason: .cannotWrite(SystemError(code: ENOSPC)))
        #expect(log.failure == failure)
        #expect(!log.wantsWrite)
        log.enqueue([Self.begin(1), Self.begin(2)])
        log.enqueueError("more", at: 1)
        log.flush()
        #expect(log.failure == failure)
        #expect(log.queuedBytes == 0)
    }

    @Test("a reader that leaves: EPIPE is kept as a value and the SIGPIPE the write raised is taken back")
    func readerLeaves() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let (path, reader) = folder.fifoWithReader("events.fifo")
        let log = try EventLog.open(path: path, origin: 0).get()
        close(reader)
        // With SIGPIPE blocked on this thread, a SIGPIPE the write raised would stay pending: it must not.
        SignalProbe.withPipeSignalBlocked { probe in
            log.enqueue([Self.begin(0)])
            log.flush()
            #expect(!probe.isPending, "the write's SIGPIPE was taken back")
        }
        #expect(log.failure == ChannelFailure(channel: .events, path: path, reason: .cannotWrite(SystemError(code: EPIPE))))
    }

    @Test("finish gives up at the deadline when the reader stalls, and counts the lines left behind")
    func finishStalled() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let (path, reader) = folder.fifoWithReader("events.fifo")
        defer { close(reader) }
        let log = try EventLog.open(path: path, origin: 0).get()
        for index in 0..<3000 {
            log.enqueue([Self.begin(index)])
            log.flush()
        }
        #expect(log.wantsWrite)
        let queuedLines = log.queuedBytes / Self.lineLength
        // A clock that moves 40 ms a call: finish may poll three times at most before the 100 ms deadline.
        var calls = 0
        log.finish(until: 0.1) {
            calls += 1
            return Double(calls) * 0.04
        }
        #expect(calls <= 3)
        #expect(!log.wantsWrite)
        #expect(log.failure == nil)
        // The pipe may end inside a line: that line was not written whole, and is counted as left behind.
        let received = ChannelFolder.drain(reader)
        let complete = Array(received[..<(received.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0)])
        let written = ChannelFolder.objects(complete).count
        #expect(written + log.droppedTotal == 3000)
        #expect(log.droppedTotal >= queuedLines)
    }

    /// The length of `begin(index)`'s line for indexes of four digits, line feed included.
    static let lineLength = EventLine.lifecycle(begin(1000), origin: 0).utf8.count + 1

    @Test("finish writes what a live reader takes")
    func finishDrains() throws {
        let folder = ChannelFolder()
        defer { folder.remove() }
        let path = folder.file("events.jsonl")
        let log = try EventLog.open(path: path, origin: 0).get()
        log.enqueue((0..<10).map(Self.begin))
        log.finish(until: 1, clock: { 0 })
        #expect(!log.wantsWrite && log.droppedTotal == 0)
        let objects = ChannelFolder.objects(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(objects.compactMap { $0["index"] as? Int } == Array(0..<10))
    }
}
