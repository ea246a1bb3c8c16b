/// Finds the first byte sequence that is not well-formed UTF-8 (overlong forms, surrogates and values above
/// U+10FFFF are refused).
enum UTF8Validator {
    /// The 0-based offset of the first byte of the first ill-formed sequence at or after `start`, or nil.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = bytes.count
        var index = start
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var scalar: UInt32
            switch lead {
            case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
            case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
            case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
            default: return index
            }
            guard index + length <= count else { return index }
            for offset in 1..<length {
                let byte = bytes[index + offset]
                guard byte & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(byte & 0x3F)
            }
            switch length {
            case 3 where scalar < 0x800 || (0xD800...0xDFFF).contains(scalar): return index
            case 4 where scalar < 0x10000 || scalar > 0x10FFFF: return index
            default: break
            }
            index += length
        }
        return nil
    }
}
