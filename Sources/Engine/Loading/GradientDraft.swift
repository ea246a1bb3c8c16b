/// A gradient `background` being validated: its colours arrive one element at a time (`DeckValidator`
/// streams the array), and only the first few are kept, whatever the array's length.
struct GradientDraft {
    /// The path of the `background` value.
    var path: JSONPath
    /// The valid colours so far, at most `DeckLimits.maximumGradientColors`.
    var colors: [DeckColor] = []
    /// Whether an element was not a colour (already reported).
    var hasProblem = false

    init(path: JSONPath) {
        self.path = path
    }
}
