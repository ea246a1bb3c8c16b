import Foundation
import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Standard output and error: clean lines, failures as values")
struct StandardStreamsTests {
    /// Runs `body` with the write end of a pipe and returns what reached the read end.
    static func captured(_ body: (Int32) -> ChannelFailure?) -> (text: String, failure: ChannelFailure?) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let failure = body(ends[1])
        close(ends[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = read(ends[0], &buffer, buffer.count), count > 0 { bytes += buffer[0..<count] }
        close(ends[0])
        return (String(decoding: bytes, as: UTF8.self), failure)
    }

    @Test("lines lose control and bidi characters; a tab becomes spaces; line breaks split lines")
    func cleanLines() {
        let out = Self.captured { StandardStreams.printOut(["a\u{1B}]0;x\u{07}b\tc\u{202E}d\u{9B}", "two\nthree"], to: $0) }
        #expect(out.failure == nil)
        #expect(out.text == "a]0;xb    cd\ntwo\nthree\n")
        let error = Self.captured { StandardStreams.printError(["bad\rthing", "what to do"], to: $0) }
        #expect(error.text == "stories-tui: bad thing\nstories-tui: what to do\n")
    }

    @Test("standard output on /dev/full: ENOSPC is reported", .enabled(if: access("/dev/full", W_OK) == 0))
    func deviceFull() {
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        defer { close(full) }
        #expect(StandardStreams.printOut(["valid"], to: full)
            == ChannelFailure(channel: .standardOutput, path: "-", reason: .cannotWrite(SystemError(code: ENOSPC))))
        #expect(StandardStreams.printError(["message"], to: full)
            == ChannelFailure(channel: .standardError, path: "-", reason: .cannotWrite(SystemError(code: ENOSPC))))
    }

    @Test("a descriptor that cannot be written (as a closed standard output would be): EBADF")
    func notWritable() {
        let readOnly = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(readOnly) }
        #expect(StandardStreams.printOut(["x"], to: readOnly)
            == ChannelFailure(channel: .standardOutput, path: "-", reason: .cannotWrite(SystemError(code: EBADF))))
    }

    @Test("a closed pipe when SIGPIPE does not end the process: EPIPE is reported")
    func brokenPipe() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        SignalProbe.withPipeSignalBlocked { probe in
            #expect(StandardStreams.printOut(["x"], to: ends[1])
                == ChannelFailure(channel: .standardOutput, path: "-", reason: .cannotWrite(SystemError(code: EPIPE))))
            // Unlike the events file, standard output leaves SIGPIPE alone: unblocked, it would end the process.
            #expect(probe.isPending)
        }
    }

    @Test("a non-blocking descriptor that is full is waited for, not given up on")
    func waitsWhenFull() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let reader = ends[0]
        let total = 300_000
        let drained = Thread.detachNewThreadWithResult {
            var count = 0
            var buffer = [UInt8](repeating: 0, count: 4096)
            while case let got = read(reader, &buffer, buffer.count), got > 0 { count += got }
            return count
        }
        #expect(DescriptorWriter.writeAll(ends[1], [UInt8](repeating: 0x41, count: total)) == nil)
        close(ends[1])
        #expect(drained.wait() == total)
        close(reader)
    }
}

extension Thread {
    /// A value computed on a thread of its own, waited for with `wait()`.
    final class Outcome<Value: Sendable>: @unchecked Sendable {
        private let done = NSCondition()
        private var value: Value?

        fileprivate func finish(_ result: Value) {
            done.lock()
            value = result
            done.signal()
            done.unlock()
        }

        /// Waits for the thread's value.
        func wait() -> Value? {
            done.lock()
            defer { done.unlock() }
            while value == nil { done.wait() }
            return value
        }
    }

    /// Runs `body` on a new thread.
    static func detachNewThreadWithResult<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Outcome<Value> {
        let outcome = Outcome<Value>()
        Thread.detachNewThread { outcome.finish(body()) }
        return outcome
    }
}
