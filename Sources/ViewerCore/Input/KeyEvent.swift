import Engine

/// A key with its modifiers and whether it was pressed, repeated or released.
///
/// Legacy terminal encodings only ever report presses (a held key arrives as repeated presses);
/// `.repeated` and `.released` come only from the kitty keyboard protocol.
struct KeyEvent: Sendable, Equatable {
    var key: Key
    var modifiers: KeyModifiers = []
    var kind: KeyEventKind = .pressed

    init(_ key: Key, modifiers: KeyModifiers = [], kind: KeyEventKind = .pressed) {
        self.key = key
        self.modifiers = modifiers
        self.kind = kind
    }
}
