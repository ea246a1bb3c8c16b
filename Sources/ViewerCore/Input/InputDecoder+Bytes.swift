extension InputDecoder {
    package static let escape: UInt8 = 0x1B
    package static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Reads one byte in the current state.
    package mutating func consume(_ byte: UInt8, into events: inout [InputEvent]) {
        switch state {
        case .ground:
            ground(byte, alt: false, into: &events)
        case .text(var assembler, let alt):
            switch assembler.add(byte) {
            case .incomplete:
                state = .text(assembler, alt: alt)
            case .complete(let scalar):
                state = .ground
                emitCharacter(scalar, alt: alt, into: &events)
            case .invalid:
                state = .ground
                ground(byte, alt: false, into: &events)
            }
        case .escape:
            afterEscape(byte, into: &events)
        case .doubleEscape:
            afterDoubleEscape(byte, into: &events)
        case .controlSequence(let alt):
            controlSequence(byte, alt: alt, into: &events)
        case .singleShift(let alt):
            singleShift(byte, alt: alt, into: &events)
        case .linuxFunctionKey(let alt):
            resetSequence()
            if let key = TerminalKeyTable.linuxFunction[byte] {
                emit(KeyEvent(key), alt: alt, into: &events)
            } else {
                consume(byte, into: &events)
            }
        case .x10Mouse:
            buffer.append(byte)
            if buffer.count == 3 {
                let report = buffer.map { Int($0) - 32 }
                resetSequence()
                if let mouse = MouseEvent(buttonCode: report[0], column: report[1], row: report[2], released: nil) {
                    events.append(.mouse(mouse))
                }
            }
        case .string(let endsWithBell, let afterEscape):
            string(byte, endsWithBell: endsWithBell, afterEscape: afterEscape, into: &events)
        case .paste(let matched):
            paste(byte, matched: matched, into: &events)
        }
    }

    /// A byte between keys (`alt`: it follows an Esc).
    package mutating func ground(_ byte: UInt8, alt: Bool, into events: inout [InputEvent]) {
        switch byte {
        case Self.escape:
            state = .escape
        case 0x20...0x7E:
            emitCharacter(Unicode.Scalar(byte), alt: alt, into: &events)
        case 0x00...0x7F:
            if let key = TerminalKeyTable.control(byte) { emit(key, alt: alt, into: &events) }
        default:
            if let assembler = UTF8Assembler(lead: byte) { state = .text(assembler, alt: alt) }
        }
    }

    /// A byte after an Esc: a sequence introducer, a second Esc, or the key that Alt was held with.
    package mutating func afterEscape(_ byte: UInt8, into events: inout [InputEvent]) {
        state = .ground
        switch byte {
        case 0x5B: state = .controlSequence(alt: false)
        case 0x4F: state = .singleShift(alt: false)
        case 0x5D:
            buffer.removeAll(keepingCapacity: true)
            state = .string(endsWithBell: true, afterEscape: false)
        case 0x50, 0x5F:
            // DCS and APC: the graphics probe's answers (XTVERSION, kitty's) are kept to `stringCap`.
            buffer.removeAll(keepingCapacity: true)
            buffer.append(byte)
            state = .string(endsWithBell: false, afterEscape: false)
        case 0x58, 0x5E:
            buffer.removeAll(keepingCapacity: true)
            state = .string(endsWithBell: false, afterEscape: false)
        case Self.escape: state = .doubleEscape
        default: ground(byte, alt: true, into: &events)
        }
    }

    /// A byte after Esc Esc: Alt and a CSI/SS3 key sequence, or else Alt+Esc and then this byte.
    package mutating func afterDoubleEscape(_ byte: UInt8, into events: inout [InputEvent]) {
        switch byte {
        case 0x5B: state = .controlSequence(alt: true)
        case 0x4F: state = .singleShift(alt: true)
        default:
            state = .ground
            emit(KeyEvent(.escape), alt: true, into: &events)
            consume(byte, into: &events)
        }
    }

    /// A byte inside `ESC [`.
    package mutating func controlSequence(_ byte: UInt8, alt: Bool, into events: inout [InputEvent]) {
        switch byte {
        case 0x20...0x3F:
            store(byte)
        case 0x40...0x7E:
            if Self.replyFinals.contains(byte), !overflowed,
               let reply = GraphicsReplyScanner.controlSequence(buffer + [byte]) {
                events.append(.reply(.graphics(reply)))
            }
            if let sequence = finishSequence(final: byte) { interpret(sequence, alt: alt, into: &events) }
        default:
            interrupt(with: byte, into: &events)
        }
    }

    /// A byte inside `ESC O`: parameter bytes (`ESC O 1;5P` in some terminals), then the final character.
    package mutating func singleShift(_ byte: UInt8, alt: Bool, into events: inout [InputEvent]) {
        switch byte {
        case 0x30...0x3B:
            store(byte)
        case 0x20...0x7E:
            guard let parameters = finishSequence(final: byte),
                  let key = TerminalKeyTable.singleShift[byte] else { return }
            let modifier = parameters.parameters.last?.first ?? nil
            emitKey(key, modifier: modifier, eventType: nil, alt: alt, into: &events)
        default:
            interrupt(with: byte, into: &events)
        }
    }

    /// A byte inside OSC, DCS, APC, PM or SOS. An OSC's first `oscCap` bytes are kept, for the one
    /// answer read (OSC 11, the background colour); the rest of any string is swallowed.
    package mutating func string(_ byte: UInt8, endsWithBell: Bool, afterEscape: Bool, into events: inout [InputEvent]) {
        if afterEscape {
            // ESC \ is ST; an Esc followed by anything else starts a new sequence: the decoder resyncs there.
            if byte == 0x5C { finishString(endsWithBell: endsWithBell, into: &events) }
            resetSequence()
            state = byte == 0x5C ? .ground : .escape
            if byte != 0x5C { consume(byte, into: &events) }
            return
        }
        switch byte {
        case Self.escape: state = .string(endsWithBell: endsWithBell, afterEscape: true)
        case 0x07 where endsWithBell:
            finishString(endsWithBell: true, into: &events)
            resetSequence()
        case 0x18, 0x1A: resetSequence()
        default:
            if endsWithBell {
                if buffer.count < Self.oscCap { buffer.append(byte) }
            } else if !buffer.isEmpty {
                if buffer.count < Self.stringCap { buffer.append(byte) } else { overflowed = true }
            }
        }
    }

    /// The most bytes of an OSC kept: enough for `11;rgb:RRRR/GGGG/BBBB`.
    package static let oscCap = 32
    /// The most bytes of a DCS or APC kept (the introducer and the body): XTVERSION's text and kitty's
    /// answers are far shorter; a longer string is swallowed and read as nothing.
    package static let stringCap = GraphicsReplyScanner.maximumSequenceBytes
    /// The final bytes of the CSI replies the graphics probe reads (`? … S`, `? … $ y`, `? … c`, `… t`).
    package static let replyFinals: Set<UInt8> = [UInt8(ascii: "S"), UInt8(ascii: "y"), UInt8(ascii: "c"), UInt8(ascii: "t")]

    /// A string ended: an OSC 11 answer, or a DCS / APC answer of the graphics probe, becomes a reply.
    private func finishString(endsWithBell: Bool, into events: inout [InputEvent]) {
        if endsWithBell {
            guard let rgb = BackgroundQuery.color(inAnswer: buffer) else { return }
            events.append(.reply(.backgroundColor(rgb)))
            return
        }
        guard !overflowed, let introducer = buffer.first else { return }
        let body = Array(buffer.dropFirst())
        let reply = introducer == 0x5F ? GraphicsReplyScanner.kittyReply(body) : GraphicsReplyScanner.versionReply(body)
        if let reply { events.append(.reply(.graphics(reply))) }
    }

    /// A byte inside a bracketed paste: only the end marker matters.
    package mutating func paste(_ byte: UInt8, matched: Int, into events: inout [InputEvent]) {
        if byte == Self.pasteEnd[matched] {
            if matched + 1 == Self.pasteEnd.count {
                state = .ground
                events.append(.paste)
            } else {
                state = .paste(matched: matched + 1)
            }
        } else {
            state = .paste(matched: byte == Self.escape ? 1 : 0)
        }
    }

    /// The stored sequence ended by `final`, parsed (nil when too long or malformed); back to ground.
    private mutating func finishSequence(final: UInt8) -> ControlSequence? {
        let sequence = overflowed ? nil : ControlSequence(body: buffer, final: final)
        resetSequence()
        return sequence
    }

    /// Keeps a parameter byte, or notes that the sequence is too long to keep.
    private mutating func store(_ byte: UInt8) {
        if buffer.count < Self.sequenceCap {
            buffer.append(byte)
        } else {
            overflowed = true
        }
    }

    /// A byte that cannot be part of the current CSI/SS3 sequence ends it unread: Esc starts a new one,
    /// CAN and SUB are consumed, anything else is read as a key.
    private mutating func interrupt(with byte: UInt8, into events: inout [InputEvent]) {
        resetSequence()
        if byte != 0x18, byte != 0x1A { consume(byte, into: &events) }
    }
}
