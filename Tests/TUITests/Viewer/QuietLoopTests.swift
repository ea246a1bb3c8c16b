import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// The quiet run's C loop (`c_quiet_run` through `PollList.runQuiet`), over pipes: a step is written whole when
/// due, nothing when a source is ready or the wake-up is past the next step's time, and a step the writer's lock
/// holds back is handed back unwritten. The times are far from the bounds that decide (seconds apart), so a
/// loaded machine cannot change what these see.
@Suite("Viewer: the quiet run's loop")
struct QuietLoopTests {
    /// Pipes for input (polled) and the terminal (written), a lock, and a poll list watching the input.
    final class Rig {
        var input: [Int32] = [-1, -1], terminal: [Int32] = [-1, -1]
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var list = PollList()
        let bytes: [UInt8] = Array("\u{8}\u{258F}".utf8) + Array("\u{8}\u{258E}".utf8)
        let ends = [4, 8]

        init() throws {
            try #require(pipe(&input) == 0 && pipe(&terminal) == 0)
            _ = fcntl(terminal[0], F_SETFL, O_NONBLOCK)
            pthread_mutex_init(lock, nil)
            list.watch(signals: -1, input: input[0], control: nil, watcher: nil, reload: nil, images: nil, events: nil)
        }

        deinit {
            for fd in input + terminal { close(fd) }
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }

        func run(_ times: [Double]) -> (next: Int, ready: Int32, failed: Int32) {
            let result = times.withUnsafeBufferPointer { times in
                bytes.withUnsafeBytes { bytes in
                    ends.withUnsafeBufferPointer { ends in
                        list.runQuiet(times: times, first: 0, start: MonotonicClock.now(), own: .infinity, bytes: bytes,
                                      ends: ends, terminal: terminal[1], lock: lock)
                    }
                }
            }
            return (result.next, result.outcome.ready, result.outcome.failed)
        }

        /// What reached the terminal's pipe.
        func written() -> [UInt8] {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(terminal[0], &buffer, buffer.count)
            return count > 0 ? Array(buffer[..<count]) : []
        }
    }

    @Test("a step due is written whole, and the run stops at the next step's bound")
    func writesWhenDue() throws {
        let rig = try Rig()
        let now = MonotonicClock.now()
        // One step, due at once (a frame after the start), its bound a minute away.
        let result = rig.run([now, now + 60])
        #expect(result.next == 1 && result.ready == 0 && result.failed == 0)
        #expect(rig.written() == Array(rig.bytes.prefix(4)))
    }

    @Test("a readable source ends the run before any step, its slot ready for next()")
    func readyStops() throws {
        let rig = try Rig()
        #expect(write(rig.input[1], "q", 1) == 1)
        let now = MonotonicClock.now()
        let result = rig.run([now + 30, now + 60, now + 90])
        #expect(result.next == 0 && result.ready == 1 && result.failed == 0)
        #expect(rig.written().isEmpty)
        #expect(rig.list.next() == .ready(.input, events: Int16(POLLIN)))
    }

    @Test("a wake-up at or after the next step's time writes nothing: the loop draws that moment itself")
    func lateWritesNothing() throws {
        let rig = try Rig()
        let now = MonotonicClock.now()
        // Both steps' bounds long past: the first wake-up (a frame after the start) is too late for each.
        let result = rig.run([now - 20, now - 10, now - 5])
        #expect(result.next == 0 && result.ready == 0 && result.failed == 0)
        #expect(rig.written().isEmpty)
    }

    @Test("with the writer's lock held, the step due is handed back unwritten")
    func lockHeld() throws {
        let rig = try Rig()
        pthread_mutex_lock(rig.lock)
        defer { pthread_mutex_unlock(rig.lock) }
        let now = MonotonicClock.now()
        let result = rig.run([now, now + 60])
        #expect(result.next == 0 && result.failed == 1)
        #expect(rig.written().isEmpty)
    }
}
