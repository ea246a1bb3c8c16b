extension Array where Element == Unicode.Scalar {
    /// The index where `needle` (ASCII) first occurs at or after `from`, or nil.
    func indexOf(_ needle: String, from: Int) -> Int? {
        let pattern = Array(needle.unicodeScalars)
        guard !pattern.isEmpty, from >= 0, count >= pattern.count else { return nil }
        var index = from
        while index + pattern.count <= count {
            if self[index] == pattern[0], self[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
