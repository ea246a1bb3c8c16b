import Engine
import Glibc
import ViewerCore

/// What the program's host does for the loop's effects: the events file, reloads, pictures, the
/// keyboard flags on every way out, Ctrl-Z, and the end.
extension PollingHost {
    func log(_ events: [LifecycleEvent]) {
        channels.log?.enqueue(events)
        channels.log?.flush()
    }

    func logError(_ message: String) {
        channels.log?.enqueueError(message, at: MonotonicClock.now())
        channels.log?.flush()
    }

    func loadDeck() {
        guard let reloader = channels.reloader else { return }
        reloading = true
        reloader.start()
    }

    func markSeen(_ id: String) { channels.seen?.record(id) }

    /// Submits the pictures the model wants (a cached one is answered at once), dropping queued ones
    /// it no longer wants.
    func loadImages(_ requests: [ImageRequest]) -> [ImageResult] {
        guard let images = channels.images else { return [] }
        images.cancelQueued { requests.contains($0) }
        let now = MonotonicClock.now()
        var answered: [ImageResult] = []
        for request in requests {
            if let cached = images.cached(request) {
                answered.append(ImageResult(request: request, outcome: cached))
            } else {
                images.submit(request, now: now)
            }
        }
        return answered
    }

    /// Asks the helper for the videos' delays; with pictures as alt text, a helper is started for them alone (a
    /// story without `duration` still lasts its video).
    func scanVideos(_ paths: [String]) {
        if channels.images == nil { channels.images = ImageLoader() }
        channels.images?.scan(paths)
    }

    func picturesChosen(_ images: ImagePresentation) {
        // The probe's file, unless the terminal read and deleted it: the probe has settled.
        if let probe = channels.kittyProbeFile { KittyTemporaryFiles.remove(probe) }
        channels.kittyProbeFile = nil
        channels.log?.release(readyFacts: EventLine.readyFacts(images: images, depth: channels.depth))
        channels.log?.flush()
    }

    func watchFiles(_ paths: [String]) {
        for failure in channels.watcher?.setExtraPaths(paths) ?? [] { logError(Messages.channelProblem(failure)) }
    }

    /// Makes every way out of the alternate screen pop the kitty flags (and `fg` push them), the crash
    /// handler included.
    func keyboardFlags(pushed: Bool) {
        backend.modes.extraEnable = pushed ? KeyboardProtocolProbe.pushBytes : []
        backend.modes.extraDisable = pushed ? KeyboardProtocolProbe.popBytes : []
        CrashGuard.updateRestore(backend.emergencyRestoreBytes)
    }

    /// Ctrl-Z, the terminal given back: stop for real, until `fg`.
    func stopProcess() {
        drainInput()
        SignalWatcher.reset(SIGTSTP)
        kill(getpid(), SIGTSTP)
        SignalWatcher.install(SIGTSTP)
        // The SIGCONT that woke us is handled by the loop's resume; without this the screen would be repainted twice.
        signals.discard(SIGCONT)
    }

    func stopHelpers() { channels.images?.stop() }

    func finish() {
        drainInput()
        // Bounded: a quit signal must still end the program within 100 ms.
        channels.log?.finish(until: MonotonicClock.now() + 0.05, clock: MonotonicClock.now)
    }

    /// After the flags were popped, key events the terminal sent before the pop may still be on their
    /// way: read and drop them for a moment, so that no `^[[32;1:3u` reaches the shell.
    func drainInput() {
        guard !backend.modes.extraDisable.isEmpty else { return }
        let end = MonotonicClock.now() + Self.drainTime
        var buffer = [UInt8](repeating: 0, count: Self.readLimit)
        var descriptor = pollfd(fd: backend.inputDescriptor, events: Int16(POLLIN), revents: 0)
        while case let left = end - MonotonicClock.now(), left > 0,
              poll(&descriptor, 1, Int32((left * 1000).rounded(.up))) > 0,
              read(backend.inputDescriptor, &buffer, buffer.count) > 0 {}
        tcflush(backend.inputDescriptor, TCIFLUSH)
    }
}
