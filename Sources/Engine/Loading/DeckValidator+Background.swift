/// A `background` of one colour or a gradient (an array of 2 or 3 colours, top to bottom), and a `link`.
extension DeckValidator {
    /// One element of a gradient `background`, as the parser completes it.
    mutating func gradientColor(_ element: JSONValue, at index: Int) {
        guard var draft = gradient else { return }
        if let color = color(element, at: draft.path.appending(index)) {
            if draft.colors.count < DeckLimits.maximumGradientColors { draft.colors.append(color) }
        } else {
            draft.hasProblem = true
        }
        gradient = draft
    }

    /// A `background` value: a colour, or the gradient whose elements were streamed (`gradientColor`).
    /// - Returns: the colour (a gradient's top one) and the gradient's colours; nils after a problem.
    mutating func background(_ value: JSONValue, at path: @autoclosure () -> JSONPath)
        -> (DeckColor?, [DeckColor]?) {
        guard case .consumedArray(let count) = value.kind else {
            if case .string = value.kind { return (color(value, at: path(), gradientHint: true), nil) }
            report(.wrongType(expected: [.string, .array], got: value.type), at: path(), value)
            return (nil, nil)
        }
        let draft = gradient
        gradient = nil
        guard (2...DeckLimits.maximumGradientColors).contains(count) else {
            report(.gradientCount(count, maximum: DeckLimits.maximumGradientColors), at: path(), value)
            return (nil, nil)
        }
        guard let draft, !draft.hasProblem, draft.colors.count == count else { return (nil, nil) }
        return (draft.colors.first, draft.colors)
    }

    /// A `link`: a string that `LinkRules` accepts; nil after reporting why not.
    mutating func link(_ value: JSONValue, at path: @autoclosure () -> JSONPath) -> String? {
        guard let text = string(value, at: path()) else { return nil }
        if let problem = LinkRules.problem(with: text) {
            report(problem, at: path(), value)
            return nil
        }
        return text
    }
}
