/// Whether a key event is a press, an automatic repeat or a release (docs/VIEWER.md, "Input").
enum KeyEventKind: Sendable, Hashable {
    case pressed, repeated, released
}
