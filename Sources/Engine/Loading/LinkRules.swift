/// What a story's `link` may be (docs/DECK-FORMAT.md, "Links"): an `http://`, `https://` (with a host) or
/// `mailto:` (with an address) link, the scheme in any case, of at most `DeckLimits.maximumLinkLength`
/// characters, with no control character, white space or bidirectional control anywhere. A link that
/// passes is kept as written; the terminal gets it percent-encoded (`Hyperlink`), so nothing in it can
/// end the escape sequence it travels in.
public enum LinkRules {
    /// The schemes a link may have, in lower case, with what follows them.
    public static let schemes = ["https://", "http://", "mailto:"]

    /// Why `link` cannot be a story's link, or nil when it can. Linear in the link's length, and stops at
    /// the limit: a 10 MB link costs as little as one of 2 049 characters.
    public static func problem(with link: String) -> DeckProblemKind? {
        var length = 0
        for scalar in link.unicodeScalars {
            length += 1
            if length > DeckLimits.maximumLinkLength {
                return .linkTooLong(length: link.unicodeScalars.count, limit: DeckLimits.maximumLinkLength)
            }
            if isForbidden(scalar) { return .linkCharacter(scalar.value) }
        }
        guard let scheme = scheme(of: link) else { return .linkScheme(got: link) }
        let rest = Array(link.utf8.dropFirst(scheme.utf8.count))
        // The host ends at the first '/', '?' or '#'; user information before an '@' is not the host.
        let authority = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        var host = scheme == "mailto:" ? authority[...] : authority.split(separator: UInt8(ascii: "@"),
                                                                          omittingEmptySubsequences: false).last ?? []
        // A port is not a host (an IPv6 address in brackets keeps its colons).
        if scheme != "mailto:", host.first != UInt8(ascii: "[") { host = host.prefix { $0 != UInt8(ascii: ":") } }
        if host.isEmpty { return .linkWithoutAddress }
        return nil
    }

    /// The scheme `link` starts with, in lower case, from `schemes`; nil for any other.
    public static func scheme(of link: String) -> String? {
        schemes.first { scheme in
            let start = link.utf8.prefix(scheme.utf8.count)
            return start.count == scheme.utf8.count
                && zip(start, scheme.utf8).allSatisfy { lowercased($0) == $1 }
        }
    }

    /// C0 and C1 controls, DEL, white space (a space included), and bidirectional controls.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x21 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
            || scalar.properties.isWhitespace
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
