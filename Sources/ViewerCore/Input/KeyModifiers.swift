/// Modifier keys held with a key or a mouse event. Lock keys (caps lock, num lock) are not modifiers.
struct KeyModifiers: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    static let shift = KeyModifiers(rawValue: 1)
    static let alt = KeyModifiers(rawValue: 2)
    static let control = KeyModifiers(rawValue: 4)
    static let `super` = KeyModifiers(rawValue: 8)
}
