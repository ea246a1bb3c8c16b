import Glibc
import Testing
@testable import TUI
@testable import ViewerCore

/// The shell's poll list keeps one slot per source, in handling order; a source that is not open
/// is -1 (skipped by `poll`), so a wake-up only sets numbers in place.
@Suite("Viewer: what poll watches")
struct PollListTests {
    @Test("every source has its slot, absent ones are -1, the events file is watched for writing")
    func slots() {
        var list = PollList()
        list.watch(signals: 7, input: 0, control: nil, watcher: 9, reload: nil, images: nil, events: 12)
        #expect(list.descriptors.map(\.fd) == [7, 0, -1, 9, -1, -1, 12])
        #expect(list.descriptors.map(\.events) == [POLLIN, POLLIN, POLLIN, POLLIN, POLLIN, POLLIN, POLLOUT].map(Int16.init))
        list.watch(signals: 7, input: 0, control: 3, watcher: nil, reload: nil, images: nil, events: nil)
        #expect(list.descriptors.map(\.fd) == [7, 0, 3, -1, -1, -1, -1])
    }

    @Test("ready sources come in handling order: signals before input")
    func readyOrder() throws {
        var signals: [Int32] = [0, 0], input: [Int32] = [0, 0]
        try #require(pipe(&signals) == 0 && pipe(&input) == 0)
        defer { for fd in signals + input { close(fd) } }
        var list = PollList()
        list.watch(signals: signals[0], input: input[0], control: nil, watcher: nil, reload: nil, images: nil, events: nil)
        #expect(list.wait(nanoseconds: 0) == 0)
        #expect(list.ready.isEmpty)
        let timeout = list.next(), after = list.next()
        #expect(timeout == .timedOut && after == nil, "a time-out is handed out once")
        var byte: UInt8 = 1
        _ = write(input[1], &byte, 1)
        _ = write(signals[1], &byte, 1)
        #expect(list.wait(nanoseconds: 1_000_000_000) == 2)
        #expect(list.ready.map(\.source) == [.signals, .input])
        let first = list.next(), second = list.next(), third = list.next()
        #expect(first == .ready(.signals, events: Int16(POLLIN)) && second == .ready(.input, events: Int16(POLLIN)))
        #expect(third == nil)
    }

    @Test("the sleep for a deadline is to the nanosecond, never before it: a frame due in 33.3 ms is not 34 ms")
    func timeoutRounding() {
        #expect(PollList.timeout(until: nil, now: 5) == -1, "no deadline: no time-out")
        #expect(PollList.timeout(until: 4.9, now: 5) == 0, "passed")
        #expect(PollList.timeout(until: 5, now: 5) == 0)
        // 33.3 ms: poll's milliseconds rounded it up to 34 (0.7 ms late); down to 33 would wake before it.
        let third = PollList.timeout(until: 1.0 / 30, now: 0)
        #expect(third == 33_333_334)
        #expect(Double(third) / 1e9 >= 1.0 / 30, "never before the deadline")
        #expect(PollList.timeout(until: 1e9, now: 0) == PollList.longestSleep, "at most a day")
    }

    @Test("a sleep of 20 ms by ppoll times out with nothing ready")
    func sleeps() {
        var list = PollList()
        list.watch(signals: -1, input: -1, control: nil, watcher: nil, reload: nil, images: nil, events: nil)
        let start = MonotonicClock.now()
        #expect(list.wait(nanoseconds: 20_000_000) == 0)
        #expect(MonotonicClock.now() - start >= 0.02, "not before its time (no upper bound: the machine is loaded)")
        #expect(list.next() == .timedOut)
    }
}
