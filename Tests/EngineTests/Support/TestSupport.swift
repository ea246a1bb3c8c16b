@testable import Engine

/// Decodes a deck written as a string.
func decode(_ json: String, baseDirectory: String? = nil) -> Result<Deck, DeckLoadError> {
    DeckLoader.decode(Array(json.utf8), baseDirectory: baseDirectory)
}

/// The deck, or nil when the text is not a valid deck.
func deck(_ json: String) -> Deck? {
    try? decode(json).get()
}

/// Every problem of an invalid deck (empty for a valid one).
func problems(_ json: String) -> [DeckProblem] {
    problems(bytes: Array(json.utf8))
}

func problems(bytes: [UInt8]) -> [DeckProblem] {
    if case .failure(.invalid(let problems, _)) = DeckLoader.decode(bytes, baseDirectory: nil) { return problems }
    return []
}

/// Every problem's message with its position in words, in order (`DeckLoadError.message(in:)`); empty for a
/// valid deck.
func messages(_ json: String, in language: Language = .english) -> [String] {
    guard case .failure(let error) = decode(json) else { return [] }
    return error.message(in: language)
}
