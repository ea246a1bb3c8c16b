import Glibc

/// What the shell's `poll` watches: one slot per open source, in the order ready sources are
/// handled (signals first, so that a quit signal wins; the events file last). Kept between wake-ups
/// and refilled in place by one call, so that a bar step's wake-up allocates nothing.
struct PollList {
    /// A source of wake-ups, in handling order.
    enum Source: Int, CaseIterable {
        case signals, input, control, watcher, reload, images, events
    }

    private(set) var sources: [Source] = []
    private(set) var descriptors: [pollfd] = []

    /// Watches these descriptors for input (the events file for room to write); nil ones not at all.
    mutating func watch(signals: Int32, input: Int32, control: Int32?, watcher: Int32?, reload: Int32?,
                        images: Int32?, events: Int32?) {
        sources.removeAll(keepingCapacity: true)
        descriptors.removeAll(keepingCapacity: true)
        add(signals, .signals)
        add(input, .input)
        add(control, .control)
        add(watcher, .watcher)
        add(reload, .reload)
        add(images, .images)
        add(events, .events, for: POLLOUT)
    }

    private mutating func add(_ descriptor: Int32?, _ source: Source, for events: Int32 = POLLIN) {
        guard let descriptor else { return }
        sources.append(source)
        descriptors.append(pollfd(fd: descriptor, events: Int16(events), revents: 0))
    }

    /// Sleeps until a descriptor is ready or `timeout` milliseconds pass (-1: no limit); returns
    /// `poll`'s answer (how many are ready, 0 at the timeout, -1 on an error such as EINTR).
    mutating func wait(timeout: Int32) -> Int32 {
        poll(&descriptors, nfds_t(descriptors.count), timeout)
    }

    /// The sources `wait` found ready, with what `poll` reported for each, in handling order.
    var ready: [(source: Source, events: Int16)] {
        zip(sources, descriptors).compactMap { $1.revents != 0 ? ($0, $1.revents) : nil }
    }
}
