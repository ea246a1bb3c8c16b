/// Small JSON writers for the events file, without Foundation.
public enum JSONText {
    private static let hexDigits = Array("0123456789abcdef")

    /// `text` as a JSON string literal (RFC 8259), quotes included.
    ///
    /// Besides `"` and `\`, every C0 control, DEL, every C1 control (U+0080–U+009F), the line and
    /// paragraph separators (U+2028, U+2029) and the bidirectional overrides and isolates (U+202A–U+202E,
    /// U+2066–U+2069) are written as `\u00XX` / `\u20XX`, so no raw control reaches the file or a terminal
    /// showing it, and the text is still exact for whoever parses it.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x22:
                out += "\\\""
            case 0x5C:
                out += "\\\\"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u"
                for shift in stride(from: 12, through: 0, by: -4) {
                    out.append(hexDigits[Int((value >> UInt32(shift)) & 0xF)])
                }
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// Seconds with exactly three decimals (`1.234`, `-0.500`, `0.000`), rounded to the nearest millisecond.
    /// Values that are not finite are written as 0; huge ones are kept within ±10^12 s.
    public static func seconds(_ value: Double) -> String {
        guard value.isFinite else { return "0.000" }
        let limit = 1e12
        let clamped = Swift.min(Swift.max(value, -limit), limit)
        // Rounded half away from zero by hand: `rounded()` would need libm, which Engine does not link.
        let scaled = clamped * 1000
        var millis = Int64(scaled)
        let rest = scaled - Double(millis)
        if rest >= 0.5 { millis += 1 } else if rest <= -0.5 { millis -= 1 }
        let negative = millis < 0
        let magnitude = negative ? -millis : millis
        let whole = magnitude / 1000
        let fraction = magnitude % 1000
        var digits = String(fraction)
        while digits.count < 3 { digits = "0" + digits }
        return (negative ? "-" : "") + String(whole) + "." + digits
    }
}
