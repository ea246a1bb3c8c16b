/// Whether a key event is a press, an automatic repeat or a release (SPEC 4.1).
enum KeyEventKind: Sendable, Hashable {
    case pressed, repeated, released
}
