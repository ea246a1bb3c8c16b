/// Reading values of the expected type and range, and reporting problems.
extension DeckValidator {
    /// A string; nil after reporting a wrong type.
    mutating func string(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> String? {
        if case .string(let text) = value.kind { return text }
        report(.wrongType(expected: [.string], got: value.type), at: path(), value)
        return nil
    }

    /// A finite number; nil after reporting a wrong type (or for a number the parser already reported).
    mutating func number(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> Double? {
        switch value.kind {
        case .number(let number):
            return number
        case .invalidNumber:
            return nil
        default:
            report(.wrongType(expected: [.number], got: value.type), at: path(), value)
            return nil
        }
    }

    /// Seconds greater than 0 and at most `DeckLimits.maximumDuration`.
    mutating func duration(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> Double? {
        guard let seconds = number(value, at: path()) else { return nil }
        if seconds <= 0 {
            report(.mustBeGreaterThan(0, got: seconds), at: path(), value)
            return nil
        }
        if seconds > DeckLimits.maximumDuration {
            report(.mustBeAtMost(DeckLimits.maximumDuration, got: seconds), at: path(), value)
            return nil
        }
        return seconds
    }

    /// One of the raw values of `Choice`.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue, at path: @autoclosure () -> JSONPath
    ) -> Choice? where Choice.RawValue == String {
        guard let text = string(value, at: path()) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        let allowed = Choice.allCases.map(\.rawValue)
        let suggestion = KeySuggester.suggestion(for: text, among: allowed)
        report(.notOneOf(allowed: allowed, got: text, suggestion: suggestion), at: path(), value)
        return nil
    }

    /// A `background` or `accent`: a colour name or `#RRGGBB` (`DeckColor(parsing:)`); `gradientHint` for a
    /// `background` of one colour, whose problem also says how a gradient is written.
    mutating func color(_ value: JSONValue, at path: @autoclosure () -> JSONPath, gradientHint: Bool = false) -> DeckColor? {
        guard let text = string(value, at: path()) else { return nil }
        if let color = DeckColor(parsing: text) { return color }
        let suggestion = KeySuggester.suggestion(for: text, among: DeckColor.names + DeckColor.aliases.keys.sorted())
        report(.invalidColor(got: text, suggestion: suggestion, gradientHint: gradientHint), at: path(), value)
        return nil
    }

    /// Sanitised text, or nil when nothing visible is left (empty, or only white space and line breaks):
    /// such text counts as nothing to show.
    static func visible(_ text: String, keepingLineBreaks: Bool) -> String? {
        let clean = TextSanitizer.sanitize(text, keepingLineBreaks: keepingLineBreaks)
        return clean.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? nil : clean
    }

    // MARK: Reporting

    /// Reports an unknown key with the nearest known one. The nearest key is only looked for when the problem is
    /// kept or the caller needs it (`needsSuggestion`), so a million unknown keys cost little.
    /// - Returns: the suggestion, if any (nil when it was not looked for).
    @discardableResult
    mutating func reportUnknownKey(
        _ member: JSONMember, at path: @autoclosure () -> JSONPath, among known: [String], needsSuggestion: Bool = false
    ) -> String? {
        guard needsSuggestion || problems.accepts(line: Int(member.line), column: Int(member.column)) else {
            problems.addRefused()
            return nil
        }
        let suggestion = KeySuggester.suggestion(for: member.key, among: known)
        report(.unknownKey(member.key, suggestion: suggestion), at: path(), line: member.line, column: member.column)
        return suggestion
    }

    mutating func report(_ kind: DeckProblemKind, at path: @autoclosure () -> JSONPath, _ value: JSONValue) {
        report(kind, at: path(), line: value.line, column: value.column)
    }

    /// Records a problem; its path is only rendered when the problem is kept.
    mutating func report(
        _ kind: DeckProblemKind, at path: @autoclosure () -> JSONPath, line: Int32, column: Int32
    ) {
        // Line 0 is a value with no place in a file (a folder deck's generated stories).
        let (line, column) = line > 0 ? (Int(line), Int(column)) : (nil, nil)
        guard problems.accepts(line: line, column: column) else { return problems.addRefused() }
        problems.add(DeckProblem(path: path().rendered, line: line, column: column, kind: kind))
    }
}
