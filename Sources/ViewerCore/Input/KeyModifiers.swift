/// Modifier keys held with a key or a mouse event. Lock keys (caps lock, num lock) are not modifiers.
package struct KeyModifiers: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let shift = KeyModifiers(rawValue: 1)
    package static let alt = KeyModifiers(rawValue: 2)
    package static let control = KeyModifiers(rawValue: 4)
    package static let `super` = KeyModifiers(rawValue: 8)
}
