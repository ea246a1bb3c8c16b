/// Turns the bytes a terminal sends into `InputEvent`s: pure (no I/O, no clock: time is an argument) and
/// resumable (a read may end anywhere, even inside a UTF-8 character or an escape sequence).
///
/// Accepts:
/// - UTF-8 text, one `.character` per scalar (ill-formed bytes are dropped; a byte that cannot continue
///   a partial character is read afresh, so a broken character never swallows the next key). C1 controls
///   (U+0080–U+009F) are dropped.
/// - C0 keys: Tab, Enter (CR or LF), Backspace (DEL or BS), Ctrl-Space (NUL), Ctrl+letter and
///   Ctrl+`\ ] ^ _` as that character with `.control`.
/// - Esc, and Alt+key as Esc followed by the key (a byte, a UTF-8 character, or a CSI/SS3 key sequence;
///   Esc Esc is Alt+Esc).
/// - CSI and SS3 keys with xterm modifiers (`CSI 1;5C`): arrows, Home/End (`CSI H/F`, `CSI 1~ 4~ 7~ 8~`,
///   `SS3 H/F`), PgUp/PgDn, Insert/Delete, F1–F12 (also the Linux console's `CSI [ A`–`E`), Shift-Tab.
/// - The keypad in application mode (`SS3 p`–`y`, `SS3 M`, `SS3 j k l m n o X`) and the kitty keypad
///   codes 57399–57426, as their main-keyboard twins: KP Enter is Enter, KP 1 is `1`.
/// - The kitty keyboard protocol: `CSI code[:shifted[:base]] ; modifiers[:event] ; text u` and the
///   `CSI ~` / `CSI letter` forms with an event type (`CSI 1;1:3A` is the release of Up); event types
///   1, 2, 3 are pressed, repeated, released. Lock keys (caps lock, num lock) are masked off the
///   modifiers. Text keys are named by their shifted key when Shift is held (`CSI 47:63;2u` is `?`,
///   with `.shift` consumed). Modifier keys pressed alone, media keys and lock keys give no event.
/// - Mouse: SGR 1006 (`CSI < b;x;y M/m`), X10 (`CSI M` and three bytes) and urxvt 1015 (`CSI b;x;y M`).
/// - Bracketed paste (`CSI 200~` … `CSI 201~`): one `.paste` whatever its size, its content never read.
/// - Focus in/out (`CSI I` / `CSI O`); the replies `CSI ? flags u` and DA1 `CSI ? … c`.
/// - Anything else is swallowed whole and yields nothing: other CSI sequences, OSC (ended by BEL or ST),
///   DCS, APC, PM and SOS (ended by ST).
///
/// Timeouts and caps:
/// - A lone Esc becomes `.key(.escape)` once `escapeTimeout` (50 ms) passed with no byte after it: long
///   enough for the rest of a sequence split across reads or packets, short enough not to be felt. (An
///   escape sequence is written by the terminal in one go; 50 ms is also what the viewer used before.)
/// - An incomplete sequence that stalls for `escapeTimeout` is dropped whole, never read as Esc + letters.
///   A bracketed paste is given `pasteTimeout` (1 s) between bytes, as a large paste may trickle in.
/// - A CSI or SS3 sequence longer than `sequenceCap` bytes is dropped (and swallowed to its end); string
///   sequences and pastes are never stored, so memory stays bounded whatever arrives.
/// - An ESC inside a sequence starts a new one, so the decoder resyncs at the next real sequence; CAN and
///   SUB cancel a sequence; any other control byte inside a CSI/SS3 sequence ends it unread and is then
///   read as a key (terminals never send one there: it is the user's next key).
///
/// Known limits: Alt+`[`, Alt+Shift+O, Alt+Shift+P/X and Alt+`] ^ _` send what starts a sequence, so
/// they are not keys here (legacy terminals only; the kitty protocol sends them as `CSI u`). Caps lock
/// does not change a kitty key (`g` with caps lock is `g`). Shift with a keypad key is kept as `.shift`.
///
/// `feed` never resolves a timeout: bytes read late (the loop was busy) still complete a sequence. The
/// caller calls `flush(at:)` when `escapeDeadline` passes with no input pending.
package struct InputDecoder: Sendable {
    /// How long a lone Esc, or an incomplete sequence, waits for its next byte.
    package static let escapeTimeout = 0.05
    /// How long a bracketed paste waits for its next byte before it is taken as ended.
    package static let pasteTimeout = 1.0
    /// The most bytes a CSI or SS3 sequence may have between its introducer and its final byte.
    package static let sequenceCap = 256

    // The decoder's working state, internal for its extensions (in other files) and the tests; callers
    // use `feed`, `flush` and `escapeDeadline` only.
    package var state = State.ground
    /// Parameter and intermediate bytes of the CSI/SS3 sequence being read, or the bytes of an X10 report.
    package var buffer: [UInt8] = []
    /// The current CSI/SS3 sequence went past `sequenceCap`: it is swallowed to its end and dropped.
    package var overflowed = false
    /// When the last byte arrived.
    package var lastInput = 0.0

    package init() {
        buffer.reserveCapacity(Self.sequenceCap)
    }

    /// When a pending Esc or an incomplete sequence must be resolved by `flush(at:)`; nil when nothing waits.
    package var escapeDeadline: Double? {
        switch state {
        case .ground, .text: return nil
        case .paste: return lastInput + Self.pasteTimeout
        default: return lastInput + Self.escapeTimeout
        }
    }

    /// Decodes `bytes`, read at `now`, continuing whatever the previous read left incomplete.
    package mutating func feed(_ bytes: some Collection<UInt8>, at now: Double) -> [InputEvent] {
        guard !bytes.isEmpty else { return [] }
        lastInput = now
        var events: [InputEvent] = []
        for byte in bytes {
            consume(byte, into: &events)
        }
        return events
    }

    /// Resolves what waited past its deadline: a lone Esc becomes `.key(.escape)` (Esc Esc is Alt+Esc), a
    /// stalled paste ends as `.paste`, and any other incomplete sequence is dropped whole. Before the
    /// deadline it does nothing.
    package mutating func flush(at now: Double) -> [InputEvent] {
        guard let deadline = escapeDeadline, now >= deadline else { return [] }
        let pending = state
        resetSequence()
        switch pending {
        case .escape: return [.key(KeyEvent(.escape))]
        case .doubleEscape: return [.key(KeyEvent(.escape, modifiers: .alt))]
        case .paste: return [.paste]
        default: return []
        }
    }

    /// Returns to the ground state with no sequence stored.
    package mutating func resetSequence() {
        state = .ground
        buffer.removeAll(keepingCapacity: true)
        overflowed = false
    }
}
