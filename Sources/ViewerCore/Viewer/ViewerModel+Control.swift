import Engine

/// What commands from the `--control` FIFO do (the man page, CONTROL): a word does what its action
/// does from a key (`perform`), with `control` as the pause's cause.
extension ViewerModel {
    /// Applies one command; unknown ones are reported in the events stream and otherwise ignored.
    package mutating func apply(_ command: ControlCommand, at now: Double) {
        switch command {
        case .action(let action): perform(action, fromControl: true, at: now)
        case .goto(let reference):
            guard let index = playing.playback.deck.index(matching: reference) else {
                logError(Messages.controlUnknownStory(reference))
                return
            }
            navigate(.jump(index), at: now)
        case .unknown(let line): logError(Messages.controlUnknownCommand(line))
        }
    }
}
