/// Whether a key event is a press, an automatic repeat or a release (terminals with key-release
/// reporting, such as the kitty keyboard protocol, say which; others send only presses).
public enum KeyEventKind: Sendable, Hashable {
    case pressed, repeated, released
}
