/// A colour scheme: light is dark text on a light background.
public enum Theme: String, Sendable, Equatable, CaseIterable {
    case dark
    case light
}
