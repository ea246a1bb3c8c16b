import Engine
@testable import TUI
@testable import ViewerCore

/// Short ways to write input bytes and the events expected from them.
enum DecoderHarness {
    /// The bytes of `text` (escape sequences written with `\u{1B}`).
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func key(_ key: Key, _ modifiers: KeyModifiers = [], _ kind: KeyEventKind = .pressed) -> InputEvent {
        .key(KeyEvent(key, modifiers: modifiers, kind: kind))
    }

    static func character(_ character: Character, _ modifiers: KeyModifiers = [],
                          _ kind: KeyEventKind = .pressed) -> InputEvent {
        key(.character(character), modifiers, kind)
    }

    static func characters(_ text: String) -> [InputEvent] {
        text.unicodeScalars.map { character(Character($0)) }
    }

    static func mouse(_ action: MouseEvent.Action, _ button: MouseEvent.Button, _ column: Int, _ row: Int,
                      _ modifiers: KeyModifiers = []) -> InputEvent {
        .mouse(MouseEvent(action: action, button: button, column: column, row: row, modifiers: modifiers))
    }

    /// Decodes `bytes` in one read at time 0, then resolves whatever waits (a lone Esc) long after.
    static func decode(_ bytes: [UInt8]) -> [InputEvent] {
        decode(bytes, cuts: [])
    }

    /// Decodes `bytes` read in pieces cut at `cuts` (ascending offsets), each read 1 ms after the last and
    /// followed by a `flush` that is too early to resolve anything; then resolves what waits.
    static func decode(_ bytes: [UInt8], cuts: [Int]) -> [InputEvent] {
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        var start = 0
        var now = 0.0
        for end in cuts + [bytes.count] {
            events += decoder.feed(bytes[start..<end], at: now)
            events += decoder.flush(at: now + 0.001)
            start = end
            now += 0.001
        }
        return events + decoder.flush(at: now + 10)
    }
}
