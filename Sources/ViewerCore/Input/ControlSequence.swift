/// A complete CSI sequence (`ESC [` … final) split into its parts as ECMA-48 5.4 defines them: an optional
/// private marker (`<` `=` `>` `?`), decimal parameters separated by `;` with sub-parameters separated by
/// `:`, intermediate bytes (0x20–0x2F) and the final byte (0x40–0x7E).
package struct ControlSequence: Sendable, Equatable {
    /// The largest value a parameter keeps; longer numbers saturate (no overflow on hostile input).
    package static let largestValue = 99_999_999

    package var marker: UInt8?
    /// One entry per `;` field, each with its `:` sub-fields; nil where a field is empty. No parameter
    /// bytes at all give an empty list.
    package var parameters: [[Int?]]
    package var intermediates: [UInt8]
    package var final: UInt8

    /// Parses the bytes between `ESC [` and the final byte; nil when they break the grammar (a marker
    /// after the first byte, a parameter byte after an intermediate, a byte outside 0x20–0x3F).
    package init?(body: some Collection<UInt8>, final: UInt8) {
        self.final = final
        marker = nil
        parameters = []
        intermediates = []
        var field: [Int?] = []
        var current: Int?
        var sawParameter = false
        for (offset, byte) in body.enumerated() {
            switch byte {
            case 0x3C...0x3F:
                guard offset == 0 else { return nil }
                marker = byte
            case 0x30...0x39:
                guard intermediates.isEmpty else { return nil }
                current = min(Self.largestValue, (current ?? 0) * 10 + Int(byte - 0x30))
                sawParameter = true
            case 0x3A, 0x3B:
                guard intermediates.isEmpty else { return nil }
                field.append(current)
                current = nil
                sawParameter = true
                if byte == 0x3B {
                    parameters.append(field)
                    field = []
                }
            case 0x20...0x2F:
                intermediates.append(byte)
            default:
                return nil
            }
        }
        if sawParameter {
            field.append(current)
            parameters.append(field)
        }
    }

    /// The value of sub-field `sub` of field `index`, or nil when absent or empty.
    package func value(_ index: Int, _ sub: Int = 0) -> Int? {
        guard parameters.indices.contains(index), parameters[index].indices.contains(sub) else { return nil }
        return parameters[index][sub]
    }

    /// The sub-fields of field `index` that hold a value.
    package func values(_ index: Int) -> [Int] {
        guard parameters.indices.contains(index) else { return [] }
        return parameters[index].compactMap { $0 }
    }
}
