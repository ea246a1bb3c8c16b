/// Numbers as a person writes them, for messages (DECK-FORMAT.md "Numbers"): never a trailing `.0`.
public enum NumberText {
    /// `5`, `-1`, `0.25`, `86400`, `9007199254740992`, `1e+300`.
    ///
    /// A whole number that fits 64 bits prints with all its digits; any other number prints in the shortest form
    /// that reads back as the same double (so `0.1` stays `0.1`). A number the deck wrote with more digits than a
    /// double holds shows as the double that was read (`9007199254740993` reads as `9007199254740992`).
    public static func plain(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 9.2e18 {
            return String(Int64(value))
        }
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
