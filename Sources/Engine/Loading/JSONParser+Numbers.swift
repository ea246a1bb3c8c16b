/// Numbers (JSON grammar, finite only) and the literals `true`, `false`, `null`.
extension JSONParser {
    mutating func parseNumber() throws(Stop) -> JSONValue.Kind {
        let start = position
        if peek(UInt8(ascii: "-")) { position += 1 }
        try expectDigit()
        if peek(UInt8(ascii: "0")) {
            position += 1
        } else {
            skipDigits()
        }
        var isInteger = true
        if peek(UInt8(ascii: ".")) {
            position += 1
            try expectDigit()
            skipDigits()
            isInteger = false
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            try expectDigit()
            skipDigits()
            isInteger = false
        }
        let digits = UnsafeBufferPointer(rebasing: bytes[start..<position])
        if isInteger, digits.count <= 16 {
            var magnitude = 0
            for byte in digits where byte != UInt8(ascii: "-") {
                magnitude = magnitude * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return .number(Double(digits[0] == UInt8(ascii: "-") ? -magnitude : magnitude))
        }
        let text = String(decoding: digits, as: UTF8.self)
        if let value = Double(text), value.isFinite {
            return .number(value)
        }
        let shown = digits.count > 48 ? String(decoding: digits.prefix(48), as: UTF8.self) + "…" : text
        report(.notFinite(text: shown), line: line, column: Int(column(at: start)), inValue: true)
        return .invalidNumber
    }

    mutating func expectDigit() throws(Stop) {
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw fail(.syntax(expected: .digit, found: token(at: position)), inValue: true)
        }
    }

    mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    mutating func parseLiteral(_ word: StaticString) throws(Stop) {
        let count = word.utf8CodeUnitCount
        let matches = position + count <= bytes.count
            && word.withUTF8Buffer { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[position..<position + count])) }
        guard matches else {
            throw fail(.syntax(expected: .value, found: token(at: position)), inValue: true)
        }
        position += count
    }
}
