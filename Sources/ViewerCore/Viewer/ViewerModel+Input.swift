import Engine

/// What keys and the mouse do (docs/VIEWER.md, "Keys, signals, exit codes"): keys through `Keymap`,
/// in the mode the open panel sets, to `perform(_:at:)`.
extension ViewerModel {
    /// Applies one decoded input event.
    package mutating func handle(_ input: InputEvent, at now: Double) {
        switch input {
        case .key(let key):
            handle(key, at: now)
        case .mouse(let mouse):
            handle(mouse, at: now)
        case .reply(let reply):
            if background.receive(reply) { backgroundSettled() }
            if graphics.receive(reply, size: size) { graphicsSettled() }
            queue(keyboard.receive(reply, at: now))
        case .focus(let gained):
            // A key release lost with the focus must not leave the deck held.
            if !gained { emit(playing.focusLost(at: now)) }
        case .paste:
            // A paste is never keys.
            break
        }
    }

    private mutating func handle(_ event: KeyEvent, at now: Double) {
        // Under the kitty protocol Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys: same outcome as the signals.
        if event.modifiers.contains(.control), event.kind != .released {
            if let row = Keymap.control.first(where: { $0.matches(event.key) }), event.kind != .repeated || row.repeats {
                perform(row.action, at: now)
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
                emit(playing.space(reportsKeyRelease ? event.kind : nil, at: now))
            }
            return
        }
        guard event.kind != .released, event.modifiers.isDisjoint(with: [.alt, .control, .super]),
              let row = Keymap.binding(for: event.key, in: KeyMode(overlay)),
              // Only rows that repeat act on a repeat (holding → skips quickly; a held q quits once).
              event.kind != .repeated || row.repeats else { return }
        perform(row.action, at: now)
    }

    /// Manual navigation: the new story starts from 0; pauses (a hold too) stay as they were.
    package mutating func navigate(_ input: PlaybackInput, at now: Double) {
        emit(playing.handle(input, at: now))
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
            emit(playing.mousePress(column: mouse.column, width: size.width, at: now))
        case (.release, _):
            // A click navigates (left half: previous, right half: next); the end of a hold resumes.
            emit(playing.mouseRelease(column: mouse.column, width: size.width, at: now))
            checkEnd()
        default:
            break
        }
    }
}
