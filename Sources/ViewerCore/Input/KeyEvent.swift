import Engine

/// A key with its modifiers and whether it was pressed, repeated or released.
///
/// Legacy terminal encodings only ever report presses (a held key arrives as repeated presses);
/// `.repeated` and `.released` come only from the kitty keyboard protocol.
package struct KeyEvent: Sendable, Equatable {
    package var key: Key
    package var modifiers: KeyModifiers = []
    package var kind: KeyEventKind = .pressed

    package init(_ key: Key, modifiers: KeyModifiers = [], kind: KeyEventKind = .pressed) {
        self.key = key
        self.modifiers = modifiers
        self.kind = kind
    }
}
