extension KeyModifiers {
    /// The modifiers of a key's modifier parameter as xterm and the kitty keyboard protocol send it:
    /// `1 + bits` with shift 1, alt 2, ctrl 4, super 8. Hyper (16) and meta (32) have no case here, and the
    /// lock keys (caps lock 64, num lock 128) are not modifiers: all four are masked off, so a key reads the
    /// same whatever the state of the lock keys.
    package init(keyParameter: Int) {
        self.init(rawValue: UInt8(max(0, keyParameter - 1) & 0x0F))
    }

    /// The modifiers of a mouse report's button code: shift 4, meta (alt) 8, control 16.
    package init(mouseButtonCode code: Int) {
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        self = modifiers
    }
}
