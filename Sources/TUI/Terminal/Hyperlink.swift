/// The OSC 8 hyperlink sequences (the convention kitty, iTerm2, VTE, WezTerm, foot and Windows Terminal
/// follow): `ESC ] 8 ; ; URL ESC \` before the link's characters, `ESC ] 8 ; ; ESC \` after them. A
/// terminal without it ignores the sequences. Pure: what to write, not how.
///
/// The address comes from a deck, so it is untrusted even after `LinkRules` checked it: every byte
/// outside printable ASCII (`!` to `~`) is percent-encoded here, so no control character (ESC, BEL, C1),
/// space or byte of a multi-byte character can end the sequence or start another.
enum Hyperlink {
    /// The sequence that starts a link to `url`.
    static func open(_ url: String) -> [UInt8] {
        Array("\u{1B}]8;;".utf8) + encoded(url) + terminator
    }

    /// The sequence that ends a link.
    static let close: [UInt8] = Array("\u{1B}]8;;".utf8) + terminator

    /// ST, the string terminator (`ESC \`), which every terminal that reads OSC 8 accepts.
    static let terminator: [UInt8] = [0x1B, 0x5C]

    /// `url`'s bytes with each byte outside `!`…`~` written `%XX`.
    static func encoded(_ url: String) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(url.utf8.count)
        for byte in url.utf8 {
            if byte > 0x20 && byte < 0x7F {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return bytes
    }
}
