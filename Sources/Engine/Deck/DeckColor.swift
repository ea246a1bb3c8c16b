/// A colour a deck or story names for `background` or `accent`: one of the terminal's 16 standard colours,
/// or a 24-bit colour that the viewer shows as the nearest colour the terminal has.
public enum DeckColor: Sendable, Hashable {
    /// One of the 16 standard colours by index: 0–7 black, red, green, yellow, blue, magenta, cyan, white;
    /// 8–15 their bright forms (the same order as terminal colour indices).
    case named(UInt8)
    /// A 24-bit colour, written `#RRGGBB`.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)

    /// The 16 names, by index: `black` … `white`, then `bright-black` … `bright-white`.
    public static let names: [String] = {
        let basic = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        return basic + basic.map { "bright-" + $0 }
    }()

    /// Other names accepted for a colour: `grey` and `gray` are `bright-black`, as most palettes show it.
    public static let aliases: [String: UInt8] = ["grey": 8, "gray": 8]

    /// Reads a colour as a deck writes it: a name of `names` or `aliases` (lower case, exactly), or `#RRGGBB`
    /// (hexadecimal digits in either case).
    /// - Returns: the colour, or nil when the text is neither.
    public init?(parsing text: String) {
        if let index = Self.names.firstIndex(of: text) {
            self = .named(UInt8(index))
            return
        }
        if let index = Self.aliases[text] {
            self = .named(index)
            return
        }
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var values: [UInt8] = []
        for pair in stride(from: 1, to: 7, by: 2) {
            guard let high = HexDigit.value(of: digits[pair]), let low = HexDigit.value(of: digits[pair + 1]) else {
                return nil
            }
            values.append(high << 4 | low)
        }
        self = .rgb(red: values[0], green: values[1], blue: values[2])
    }

    /// The colour as a deck would write it: its name, or `#rrggbb` in lower case.
    public var text: String {
        switch self {
        case .named(let index):
            return Self.names.indices.contains(Int(index)) ? Self.names[Int(index)] : "#000000"
        case .rgb(let red, let green, let blue):
            let hex = Array("0123456789abcdef")
            return "#" + String([red, green, blue].flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] })
        }
    }
}
