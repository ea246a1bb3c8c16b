import Engine

/// The range an option's number of seconds must fall in (the deck format's limits, `DeckLimits`).
enum SecondsLimit: Sendable, Equatable {
    /// Greater than 0 and at most `maximum` (a duration).
    case positive(maximum: Double)
    /// From 0 to `maximum` (the leeway).
    case nonNegative(maximum: Double)

    /// A story's duration.
    static let duration = SecondsLimit.positive(maximum: DeckLimits.maximumDuration)
    /// The wait before the first story.
    static let leeway = SecondsLimit.nonNegative(maximum: DeckLimits.maximumLeeway)

    /// Whether `seconds` is in range.
    func accepts(_ seconds: Double) -> Bool {
        switch self {
        case .positive(let maximum): return seconds > 0 && seconds <= maximum
        case .nonNegative(let maximum): return seconds >= 0 && seconds <= maximum
        }
    }

    var maximum: Double {
        switch self {
        case .positive(let maximum), .nonNegative(let maximum): return maximum
        }
    }
}
