import Engine

/// What commands from the `--control` FIFO do (the man page, CONTROL).
extension ViewerModel {
    /// Applies one command; unknown ones are reported in the events stream and otherwise ignored.
    mutating func apply(_ command: ControlCommand, at now: Double) {
        switch command {
        case .next: navigate(.next, at: now)
        case .previous: navigate(.previous, at: now)
        case .pause: emit(playback.handle(.pause(.control), at: now))
        case .resume: emit(playback.handle(.resume(.control), at: now))
        case .toggle: emit(playback.handle(.togglePause(.control), at: now))
        case .goto(let reference):
            guard let index = playback.deck.index(matching: reference) else {
                logError(Messages.controlUnknownStory(reference))
                return
            }
            navigate(.jump(index), at: now)
        case .reload: requestReload()
        case .quit: quit(code: 0, at: now)
        case .unknown(let line): logError(Messages.controlUnknownCommand(line))
        }
    }
}
