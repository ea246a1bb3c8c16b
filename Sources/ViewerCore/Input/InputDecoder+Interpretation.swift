import Engine

extension InputDecoder {
    /// What a complete CSI sequence means: a key, a mouse report, focus, a reply, the start of a paste or
    /// of an X10 report, or nothing (an unknown sequence is dropped).
    package mutating func interpret(_ sequence: ControlSequence, alt: Bool, into events: inout [InputEvent]) {
        guard sequence.intermediates.isEmpty else { return }
        let final = sequence.final
        switch sequence.marker {
        case UInt8(ascii: "<"):
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return }
            appendMouse(sequence, released: final == UInt8(ascii: "m"), into: &events)
        case UInt8(ascii: "?"):
            if final == UInt8(ascii: "u") { events.append(.reply(.keyboardFlags(sequence.value(0) ?? 0))) }
            if final == UInt8(ascii: "c") { events.append(.reply(.primaryDeviceAttributes)) }
        case nil:
            interpretUnmarked(sequence, alt: alt, into: &events)
        default:
            return
        }
    }

    private mutating func interpretUnmarked(_ sequence: ControlSequence, alt: Bool, into events: inout [InputEvent]) {
        let final = sequence.final
        let noParameters = sequence.parameters.isEmpty
        switch final {
        case UInt8(ascii: "u"):
            appendKittyKey(sequence, alt: alt, into: &events)
        case UInt8(ascii: "~"):
            let number = sequence.value(0) ?? 0
            if number == 200 {
                state = .paste(matched: 0)
            } else if let key = TerminalKeyTable.tilde[number] {
                emitKey(key, modifier: sequence.value(1), eventType: sequence.value(1, 1), alt: alt, into: &events)
            }
        case UInt8(ascii: "M") where noParameters:
            state = .x10Mouse
        case UInt8(ascii: "M") where sequence.parameters.count == 3:
            appendMouse(sequence, released: nil, into: &events)
        case UInt8(ascii: "I") where noParameters:
            events.append(.focus(true))
        case UInt8(ascii: "O") where noParameters:
            events.append(.focus(false))
        case UInt8(ascii: "[") where noParameters:
            state = .linuxFunctionKey(alt: alt)
        default:
            // `CSI [1 ; modifiers] letter`; another first parameter (a cursor position report `CSI 5;3R`)
            // is not a key.
            guard let key = TerminalKeyTable.csiLetter[final], (sequence.value(0) ?? 1) == 1 else { return }
            emitKey(key, modifier: sequence.value(1), eventType: sequence.value(1, 1), alt: alt, into: &events)
        }
    }

    /// An SGR (`CSI < b;x;y M/m`) or urxvt (`CSI b;x;y M`, button code + 32) mouse report.
    private func appendMouse(_ sequence: ControlSequence, released: Bool?, into events: inout [InputEvent]) {
        guard let code = sequence.value(0), let column = sequence.value(1), let row = sequence.value(2) else { return }
        let button = released == nil ? code - 32 : code
        if let mouse = MouseEvent(buttonCode: button, column: column, row: row, released: released) {
            events.append(.mouse(mouse))
        }
    }

    /// A kitty `CSI code[:shifted[:base]] ; modifiers[:event] ; text u` key.
    private func appendKittyKey(_ sequence: ControlSequence, alt: Bool, into events: inout [InputEvent]) {
        guard let code = sequence.value(0) else { return }
        let modifier = sequence.value(1)
        let eventType = sequence.value(1, 1)
        if let key = TerminalKeyTable.kittyFunctional[code] {
            emitKey(key, modifier: modifier, eventType: eventType, alt: alt, into: &events)
            return
        }
        let text = sequence.values(2).compactMap(Unicode.Scalar.init(_:))
        if code == 0 {
            // Text with no key: each code point is a key of its own.
            for scalar in text {
                emitKey(.character(Character(scalar)), modifier: modifier, eventType: eventType, alt: alt,
                        into: &events)
            }
            return
        }
        guard code >= 0x20, !TerminalKeyTable.kittyPrivateUseArea.contains(code),
              let scalar = Unicode.Scalar(code) else { return }
        guard var event = Self.keyEvent(.character(Character(scalar)), modifier: modifier, eventType: eventType)
        else { return }
        if event.modifiers.contains(.shift) {
            let shifted = sequence.value(0, 1).flatMap(Unicode.Scalar.init(_:))
                ?? (text.count == 1 ? text.first : nil)
                ?? TerminalKeyTable.usShifted(scalar)
            if let shifted {
                event.key = .character(Character(shifted))
                event.modifiers.remove(.shift)
            }
        }
        emit(event, alt: alt, into: &events)
    }

    /// Emits `key` with the xterm/kitty modifier parameter and kitty event type, unless the event type is
    /// not one of 1 (press), 2 (repeat), 3 (release).
    package func emitKey(_ key: Key, modifier: Int?, eventType: Int?, alt: Bool, into events: inout [InputEvent]) {
        guard let event = Self.keyEvent(key, modifier: modifier, eventType: eventType) else { return }
        emit(event, alt: alt, into: &events)
    }

    private static func keyEvent(_ key: Key, modifier: Int?, eventType: Int?) -> KeyEvent? {
        let kinds: [Int: KeyEventKind] = [1: .pressed, 2: .repeated, 3: .released]
        guard let kind = kinds[eventType ?? 1] else { return nil }
        var event = KeyEvent(key, modifiers: KeyModifiers(keyParameter: modifier ?? 1), kind: kind)
        if key == .tab, event.modifiers.contains(.shift) {
            // kitty's Shift+Tab (`CSI 9;2u`) is the legacy `CSI Z`.
            event.key = .backTab
        }
        if event.key == .backTab { event.modifiers.remove(.shift) }
        return event
    }

    /// Emits a key event, adding `.alt` when it followed an Esc.
    package func emit(_ event: KeyEvent, alt: Bool, into events: inout [InputEvent]) {
        var event = event
        if alt { event.modifiers.insert(.alt) }
        events.append(.key(event))
    }

    /// Emits a typed character; C1 controls (U+0080–U+009F) are not text and are dropped.
    package func emitCharacter(_ scalar: Unicode.Scalar, alt: Bool, into events: inout [InputEvent]) {
        guard !(0x80...0x9F).contains(scalar.value) else { return }
        emit(KeyEvent(.character(Character(scalar))), alt: alt, into: &events)
    }
}
