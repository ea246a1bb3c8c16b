/// A language every user-facing message can be written in.
public enum Language: String, Sendable, Equatable, CaseIterable {
    /// English, the default.
    case english = "en"
    /// Spanish.
    case spanish = "es"
}
