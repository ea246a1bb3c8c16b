import Engine
import Glibc

/// What keys and the mouse do (docs/VIEWER.md, "Keys, signals, exit codes"), through the key-binding table.
extension ViewerModel {
    /// Applies one decoded input event.
    mutating func handle(_ input: InputEvent, at now: Double) {
        switch input {
        case .key(let key):
            handle(key, at: now)
        case .mouse(let mouse):
            handle(mouse, at: now)
        case .reply(let reply):
            if background.receive(reply) { backgroundSettled() }
            negotiate { $0.receive(reply, at: now) }
        case .focus(let gained):
            // A key release lost with the focus must not leave the deck held.
            if !gained { emit(holds.focusLost(at: now, playback: &playback)) }
        case .paste:
            // A paste is never keys.
            break
        }
    }

    private mutating func handle(_ event: KeyEvent, at now: Double) {
        // Under the kitty protocol Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys: same outcome as the signals.
        if event.modifiers.contains(.control), event.kind != .released {
            switch event.key {
            case .character("c"): quit(code: 128 + SIGINT, at: now)
            case .character("z"): suspend(at: now)
            case .character("\\"): quit(code: 128 + SIGQUIT, at: now)
            default: break
            }
            return
        }
        // A legacy terminal sends Esc then a key as one Alt+key; both keys were meant (Esc, then `?`,
        // typed quickly). Under the kitty protocol Alt is a real modifier and such keys mean nothing here.
        if event.modifiers == .alt, event.kind == .pressed, !reportsKeyRelease {
            handle(KeyEvent(.escape), at: now)
            if exitCode == nil { handle(KeyEvent(event.key), at: now) }
            return
        }
        // Space reaches the hold tracker in every kind (a release ends a hold); other releases mean nothing.
        if event.key == .character(" "), event.modifiers.isEmpty {
            if overlay == nil || (reportsKeyRelease && event.kind == .released) {
                emit(holds.space(reportsKeyRelease ? event.kind : nil, at: now, playback: &playback))
            }
            return
        }
        guard event.kind != .released, event.modifiers.isDisjoint(with: [.alt, .control, .super]) else { return }
        switch overlay {
        case .help(let scroll)?: handleHelp(event.key, scroll: scroll, at: now)
        case .storyList(let selection)?: handleList(event.key, selection: selection, at: now)
        case .caption(let scroll)?: handleCaption(event.key, scroll: scroll, at: now)
        case nil: handleStory(event, at: now)
        }
    }

    private mutating func handleStory(_ event: KeyEvent, at now: Double) {
        guard let action = KeyBinding.action(for: event.key) else { return }
        // Only space and the arrows may act on a repeat (holding → skips quickly).
        if event.kind == .repeated, action != .hold, action != .next, action != .previous { return }
        if let input = action.navigation {
            navigate(input, at: now)
            return
        }
        switch action {
        case .hold: break
        case .togglePause: emit(playback.handle(.togglePause(.toggle), at: now))
        case .storyList: open(.storyList(selection: playback.currentIndex), at: now)
        case .caption: if playback.currentStory?.caption != nil { open(.caption(scroll: 0), at: now) }
        case .help: open(.help(scroll: 0), at: now)
        case .reload: requestReload()
        case .quit: quit(code: 0, at: now)
        default: break
        }
    }

    /// Manual navigation: the new story starts from 0; pauses (a hold too) stay as they were.
    mutating func navigate(_ input: PlaybackInput, at now: Double) {
        emit(playback.handle(input, at: now))
        checkEnd()
    }

    // MARK: Mouse

    private mutating func handle(_ mouse: MouseEvent, at now: Double) {
        if let panel = overlay {
            handle(mouse, over: panel, at: now)
            return
        }
        switch (mouse.action, mouse.button) {
        case (.press, .left):
            emit(holds.mousePress(column: mouse.column, width: size.width, at: now, playback: &playback))
        case (.release, _):
            // A click navigates (left half: previous, right half: next); the end of a hold resumes.
            emit(holds.mouseRelease(column: mouse.column, width: size.width, at: now, playback: &playback))
            checkEnd()
        default:
            break
        }
    }
}
