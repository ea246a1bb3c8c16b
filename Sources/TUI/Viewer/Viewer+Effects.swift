import Engine
import Glibc

/// How the shell performs what the model decided: the events file, reloads, pictures, the keyboard
/// protocol's bytes, Ctrl-Z, repaints and the exit.
extension Viewer {
    /// Performs effects in order; nothing after an exit.
    func perform(_ effects: [ViewerEffect]) {
        for effect in effects where exitCode == nil {
            let now = MonotonicClock.now()
            switch effect {
            case .log(let events):
                channels.log?.enqueue(events)
                channels.log?.flush()
            case .logError(let message):
                channels.log?.enqueueError(message, at: now)
                channels.log?.flush()
            case .loadDeck: channels.reloader?.start()
            case .markSeen(let id): channels.seen?.record(id)
            case .suspendProcess: suspendProcess()
            case .repaint: session.screen.invalidate()
            case .loadImages(let requests): loadImages(requests)
            case .watchFiles(let paths):
                for failure in channels.watcher?.setExtraPaths(paths) ?? [] {
                    perform([.logError(Messages.channelProblem(failure))])
                }
            case .writeControl(let bytes): backend.writeControl(bytes)
            case .keyboardFlags(let pushed): keyboardFlags(pushed: pushed)
            case .exit(let code): exitCode = code
            }
        }
    }

    /// Submits the pictures the model wants (a cached one is answered at once), dropping queued ones
    /// it no longer wants.
    func loadImages(_ requests: [ImageRequest]) {
        guard let images = channels.images else { return }
        images.cancelQueued { requests.contains($0) }
        let now = MonotonicClock.now()
        for request in requests {
            if let cached = images.cached(request) {
                perform(session.update(.imageLoaded(ImageResult(request: request, outcome: cached)), at: now))
            } else {
                images.submit(request, now: now)
            }
        }
    }

    /// Hands finished conversions (and helper time-outs) to the session.
    func receivePictures() {
        guard let images = channels.images else { return }
        let now = MonotonicClock.now()
        for result in images.receive(now: now) where exitCode == nil {
            perform(session.update(.imageLoaded(result), at: now))
        }
    }

    /// Makes every way out of the alternate screen pop the kitty flags (and `fg` push them), the crash
    /// handler included.
    func keyboardFlags(pushed: Bool) {
        backend.modes.extraEnable = pushed ? KeyboardProtocolProbe.pushBytes : []
        backend.modes.extraDisable = pushed ? KeyboardProtocolProbe.popBytes : []
        CrashGuard.updateRestore(backend.emergencyRestoreBytes)
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

    /// How long input is drained after the kitty flags were popped.
    static let drainTime = 0.03

    /// Ctrl-Z: give the terminal back, stop for real, and on `fg` take it again and redraw everything.
    func suspendProcess() {
        backend.suspend()
        drainInput()
        SignalWatcher.reset(SIGTSTP)
        kill(getpid(), SIGTSTP)
        SignalWatcher.install(SIGTSTP)
        // The SIGCONT that woke us is handled right here; without this the screen would be repainted twice.
        signals.discard(SIGCONT)
        backend.resume()
        let now = MonotonicClock.now()
        perform(session.update(.resized(backend.size), at: now))
        perform(session.update(.resumed, at: now))
    }
}
