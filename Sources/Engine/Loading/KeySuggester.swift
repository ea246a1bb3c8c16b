/// Finds the known key nearest to an unknown one, for "did you mean" hints.
public enum KeySuggester {
    /// The nearest of `candidates` to `key` (ignoring case), by edit distance with transpositions, when close
    /// enough: at most `allowedEdits(candidate length)` edits; by default 1 for candidates of up to 3
    /// characters, else 2. Ties go to the earlier candidate.
    public static func suggestion(for key: String, among candidates: [String],
                                  allowedEdits: (Int) -> Int = { $0 <= 3 ? 1 : 2 }) -> String? {
        // A key of more than 40 characters is no typo of a known one; look no further (it may be megabytes).
        guard !key.isEmpty, key.utf8.count <= 160 else { return nil }
        let typed = Array(key.lowercased().unicodeScalars)
        guard typed.count <= 40 else { return nil }
        var best: (key: String, distance: Int)?
        for candidate in candidates {
            let known = Array(candidate.unicodeScalars)
            let allowed = allowedEdits(known.count)
            guard abs(known.count - typed.count) <= allowed else { continue }
            let distance = editDistance(typed, known)
            if distance <= allowed, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.key
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previousPrevious = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
