import Engine

/// What commands from the `--control` FIFO do (SPEC 6).
extension Viewer {
    /// Applies one command; unknown ones are reported in the events stream and otherwise ignored.
    func apply(_ command: ControlCommand, at now: Double) {
        switch command {
        case .next: navigate(.next, at: now)
        case .previous: navigate(.previous, at: now)
        case .pause: emit(playback.handle(.pause(.control), at: now))
        case .resume: emit(playback.handle(.resume(.control), at: now))
        case .toggle: emit(playback.handle(.togglePause(.control), at: now))
        case .goto(let reference):
            guard let index = playback.deck.index(matching: reference) else {
                log?.writeError(Messages.controlUnknownStory(reference), at: now)
                return
            }
            navigate(.jump(index), at: now)
        case .reload: reload(at: now)
        case .quit: quit(at: now, code: 0)
        case .unknown(let line): log?.writeError(Messages.controlUnknownCommand(line), at: now)
        }
    }
}
