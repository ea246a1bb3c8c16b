/// The order a phone's gallery and a file manager sort names in: runs of digits by their value (`2.png`
/// before `10.png`), other characters without regard to case; names equal that way by their bytes.
struct NaturalOrder {
    /// A name prepared once for comparing: its lower-case scalars.
    struct Key {
        let name: String
        fileprivate let scalars: [Unicode.Scalar]

        init(_ name: String) {
            self.name = name
            scalars = Array(name.lowercased().unicodeScalars)
        }
    }

    /// Whether `left` sorts before `right`.
    static func precedes(_ left: Key, _ right: Key) -> Bool {
        let (a, b) = (left.scalars, right.scalars)
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            if isDigit(a[i]) && isDigit(b[j]) {
                var endA = i
                while endA < a.count && isDigit(a[endA]) { endA += 1 }
                var endB = j
                while endB < b.count && isDigit(b[endB]) { endB += 1 }
                // The value: without leading zeros, a longer run is larger; then digit by digit.
                let digitsA = a[i..<endA].drop { $0 == "0" }
                let digitsB = b[j..<endB].drop { $0 == "0" }
                if digitsA.count != digitsB.count { return digitsA.count < digitsB.count }
                if !digitsA.elementsEqual(digitsB) { return digitsA.lexicographicallyPrecedes(digitsB) }
                (i, j) = (endA, endB)
                continue
            }
            if a[i] != b[j] { return a[i].value < b[j].value }
            i += 1
            j += 1
        }
        if a.count - i != b.count - j { return a.count - i < b.count - j }
        return Array(left.name.utf8).lexicographicallyPrecedes(Array(right.name.utf8))
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }
}
