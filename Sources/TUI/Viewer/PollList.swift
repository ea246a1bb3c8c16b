import Glibc

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

    /// Sleeps until a descriptor is ready or `timeout` milliseconds pass (-1: no limit); returns
    /// `poll`'s answer (how many are ready, 0 at the timeout, -1 on an error such as EINTR).
    mutating func wait(timeout: Int32) -> Int32 {
        poll(&descriptors, nfds_t(descriptors.count), timeout)
    }

    /// The sources `wait` found ready, with what `poll` reported for each, in handling order.
    var ready: [(source: Source, events: Int16)] {
        zip(Source.allCases, descriptors).compactMap { $1.fd >= 0 && $1.revents != 0 ? ($0, $1.revents) : nil }
    }
}
