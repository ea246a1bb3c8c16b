import Engine

/// What each action does, from a key of `Keymap` or a control line: the one place they are applied.
extension ViewerModel {
    /// The signals Ctrl-C and Ctrl-\ stand for (SIGINT, SIGQUIT: 2 and 3 on every Unix), for their exit
    /// codes 128 + N; here as numbers, so that the model imports no system module (a test pins them).
    package static let interruptSignal: Int32 = 2, quitSignal: Int32 = 3

    /// Applies an action at `now`; `fromControl` for a control line (its pause's cause is `control`).
    package mutating func perform(_ action: ViewerAction, fromControl: Bool = false, at now: Double) {
        if let input = action.navigation {
            navigate(input, at: now)
            return
        }
        switch action {
        case .togglePause: emit(playing.handle(.togglePause(fromControl ? .control : .toggle), at: now))
        case .pause: emit(playing.handle(.pause(.control), at: now))
        case .resume: emit(playing.handle(.resume(.control), at: now))
        case .storyList: open(.storyList(selection: playing.playback.currentIndex), at: now)
        case .caption: if playing.playback.currentStory?.caption != nil { open(.caption(scroll: 0), at: now) }
        case .help: open(.help(scroll: 0), at: now)
        case .reload: requestReload()
        case .quit: quit(code: 0, at: now)
        case .interrupt: quit(code: 128 + Self.interruptSignal, at: now)
        case .abort: quit(code: 128 + Self.quitSignal, at: now)
        case .suspend: suspend(at: now)
        case .close: close(at: now)
        case .choose:
            guard case .storyList(let selection)? = overlay else { return }
            close(at: now)
            navigate(.jump(selection), at: now)
        case .lineDown, .lineUp, .pageDown, .pageUp, .top, .bottom: scroll(action)
        // Space is the hold tracker's (`+Input`); navigation was applied above.
        case .hold, .next, .previous, .nextGroup, .previousGroup, .first, .last: break
        }
    }
}
