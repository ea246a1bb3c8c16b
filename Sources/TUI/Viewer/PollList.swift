import CPoll
import Glibc
import ViewerCore

/// What the shell's `poll` watches: one slot per source, in the order ready sources are handled
/// (signals first, so that a quit signal wins; the events file last). A source that is not open
/// has descriptor -1, which `poll` skips, so the slots never move: a wake-up sets seven numbers in
/// place and allocates nothing.
struct PollList {
    /// A source of wake-ups, in handling order (its slot).
    enum Source: Int, CaseIterable {
        case signals, input, control, watcher, reload, images, events
    }

    private(set) var descriptors = Source.allCases.map { pollfd(fd: -1, events: Int16($0 == .events ? POLLOUT : POLLIN), revents: 0) }

    /// Watches these descriptors for input (the events file for room to write); nil ones not at all.
    mutating func watch(signals: Int32, input: Int32, control: Int32?, watcher: Int32?, reload: Int32?,
                        images: Int32?, events: Int32?) {
        descriptors.withUnsafeMutableBufferPointer { slots in
            slots[Source.signals.rawValue].fd = signals
            slots[Source.input.rawValue].fd = input
            slots[Source.control.rawValue].fd = control ?? -1
            slots[Source.watcher.rawValue].fd = watcher ?? -1
            slots[Source.reload.rawValue].fd = reload ?? -1
            slots[Source.images.rawValue].fd = images ?? -1
            slots[Source.events.rawValue].fd = events ?? -1
        }
    }

    /// What `next()` hands out after a `wait`: nothing yet, the time-out, or the slot to look at next.
    private var cursor = Cursor.taken
    private enum Cursor { case taken, timedOut, slot(Int) }

    /// What the last `wait` brought, one piece a call (`next()`).
    enum Wake: Equatable {
        /// The time ran out (or `poll` failed, as on EINTR): nothing is ready.
        case timedOut
        /// A ready source, with what `poll` reported for it.
        case ready(Source, events: Int16)
    }

    /// Sleeps until a descriptor is ready or `nanoseconds` pass (-1: no limit; `ppoll`, so a deadline is met to
    /// the nanosecond, not rounded to poll's milliseconds); returns how many are ready, 0 at the timeout, -1 on
    /// an error such as EINTR.
    mutating func wait(nanoseconds: Int64) -> Int32 {
        let count = c_poll_nanoseconds(&descriptors, nfds_t(descriptors.count), nanoseconds)
        cursor = count > 0 ? .slot(0) : .timedOut
        return count
    }

    /// A quiet run's loop over these descriptors (`c_quiet_run`, `PollingHost.runQuiet`): from step `first`, each
    /// step slept to and written to `terminal` under `lock`, until one is not. Returns the first step not written
    /// and how the run ended; `wait`'s cursor is set as after a `wait`, so `next()` hands out what was ready.
    mutating func runQuiet(times: UnsafeBufferPointer<Double>, first: Int, start: Double, own: Double,
                           bytes: UnsafeRawBufferPointer, ends: UnsafeBufferPointer<Int>,
                           terminal: Int32, lock: UnsafeMutablePointer<pthread_mutex_t>) -> (next: Int, outcome: c_quiet_outcome) {
        var outcome = c_quiet_outcome()
        var run = c_quiet_schedule(times: times.baseAddress, count: times.count - 1, first: first, start: start,
                                   gap: BarSchedule.gap, own: own, bytes: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self),
                                   ends: ends.baseAddress, terminal: terminal, lock: lock)
        let next = c_quiet_run(&descriptors, nfds_t(descriptors.count), &run, &outcome)
        cursor = outcome.ready > 0 ? .slot(0) : .timedOut
        return (next, outcome)
    }

    /// The longest sleep `timeout(until:now:)` gives: a day.
    static let longestSleep: Int64 = 86_400_000_000_000

    /// How long `wait` sleeps for a deadline (monotonic seconds; nil: none, -1) at `now`: to the nanosecond,
    /// rounded up so that the wake-up is never before the deadline (a wake-up before it finds nothing due and
    /// sleeps again); 0 for a deadline passed; at most `longestSleep`.
    static func timeout(until deadline: Double?, now: Double) -> Int64 {
        guard let deadline else { return -1 }
        let nanoseconds = ((deadline - now) * 1e9).rounded(.up)
        guard nanoseconds > 0 else { return 0 }
        return nanoseconds >= Double(longestSleep) ? longestSleep : Int64(nanoseconds)
    }

    /// The next piece of the last `wait`: its time-out once, or each ready source in handling order;
    /// nil when all was handed out. Nothing is built: a cursor walks the slots.
    mutating func next() -> Wake? {
        switch cursor {
        case .taken: return nil
        case .timedOut:
            cursor = .taken
            return .timedOut
        case .slot(var index):
            defer { cursor = index < descriptors.count ? .slot(index) : .taken }
            while index < descriptors.count {
                let slot = descriptors[index]
                index += 1
                if slot.fd >= 0, slot.revents != 0, let source = Source(rawValue: index - 1) {
                    return .ready(source, events: slot.revents)
                }
            }
            return nil
        }
    }

    /// The sources `wait` found ready, with what `poll` reported for each, in handling order.
    var ready: [(source: Source, events: Int16)] {
        zip(Source.allCases, descriptors).compactMap { $1.fd >= 0 && $1.revents != 0 ? ($0, $1.revents) : nil }
    }
}
