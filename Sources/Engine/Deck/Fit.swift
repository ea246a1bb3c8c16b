/// How a story's image fills its box.
public enum Fit: String, Sendable, Equatable, CaseIterable {
    /// The whole image shows, as large as fits, keeping its aspect (bands may remain).
    case contain
    /// The image covers the whole box, keeping its aspect (edges may be cut).
    case cover
}
