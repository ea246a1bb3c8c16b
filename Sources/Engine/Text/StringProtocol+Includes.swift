extension StringProtocol {
    /// Whether `text` occurs in this string, compared byte by byte in UTF-8 (ASCII names,
    /// locale names). The package builds without the implicit `_StringProcessing` import, whose
    /// `contains(_:)` of a string this replaces (docs/PACKAGING.md, "The binary").
    public func includes(_ text: String) -> Bool {
        let haystack = Array(utf8), needle = Array(text.utf8)
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<start + needle.count].elementsEqual(needle) { return true }
        }
        return false
    }
}
