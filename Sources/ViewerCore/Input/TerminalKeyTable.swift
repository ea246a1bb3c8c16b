/// Which key each terminal encoding names: one table per encoding, so a key is added in one place.
///
/// Sources: xterm's ctlseqs (PC-style function keys, VT220 application keypad), the Linux console and the
/// kitty keyboard protocol's functional key table. Keypad keys are reported as their main-keyboard twins.
package enum TerminalKeyTable {
    /// `CSI number ; modifiers ~` (xterm, VT220, rxvt, kitty).
    package static let tilde: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]

    /// `CSI [1 ; modifiers] letter`. (`E`, the keypad's middle key without num lock, has no twin.)
    package static let csiLetter: [UInt8: Key] = [
        0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
        0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4), 0x5A: .backTab,
    ]

    /// `SS3 letter`: cursor keys in application cursor mode, F1–F4, and the keypad in application keypad
    /// mode (VT220: `M` Enter, `j`–`o` `* + , - . /`, `p`–`y` digits, `X` `=`, `I` Tab, space).
    package static let singleShift: [UInt8: Key] = {
        var table: [UInt8: Key] = [
            0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
            0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4),
            0x4D: .enter, 0x49: .tab, 0x20: .character(" "), 0x58: .character("="),
        ]
        for (offset, symbol) in "*+,-./".enumerated() { table[0x6A + UInt8(offset)] = .character(symbol) }
        for digit in 0...9 { table[0x70 + UInt8(digit)] = .character(Character(String(digit))) }
        return table
    }()

    /// Linux console F1–F5: `CSI [ A` … `CSI [ E`.
    package static let linuxFunction: [UInt8: Key] = [
        0x41: .function(1), 0x42: .function(2), 0x43: .function(3), 0x44: .function(4), 0x45: .function(5),
    ]

    /// kitty `CSI code u` for the keys whose code is not the text they type: C0 keys, F13–F35 and the keypad
    /// (57399–57426). Other Private Use Area codes (modifier and lock keys pressed alone, media keys, keypad
    /// Begin) have no twin and are not in the table.
    package static let kittyFunctional: [Int: Key] = {
        var table: [Int: Key] = [8: .backspace, 9: .tab, 13: .enter, 27: .escape, 127: .backspace]
        for number in 13...35 { table[57376 + number - 13] = .function(number) }
        for digit in 0...9 { table[57399 + digit] = .character(Character(String(digit))) }
        let keypad: [Key] = [
            .character("."), .character("/"), .character("*"), .character("-"), .character("+"), .enter,
            .character("="), .character(","), .left, .right, .up, .down, .pageUp, .pageDown, .home, .end,
            .insert, .delete,
        ]
        for (offset, key) in keypad.enumerated() { table[57409 + offset] = key }
        return table
    }()

    /// The kitty protocol's code points reserved for keys that produce no text.
    package static let kittyPrivateUseArea = 57344...63743

    /// A C0 control byte or DEL as a key: Tab, Enter (CR or LF), Backspace (DEL or BS), Esc, Ctrl-Space
    /// (NUL), and Ctrl+letter or Ctrl+`\ ] ^ _` as that character with `.control`.
    package static func control(_ byte: UInt8) -> KeyEvent? {
        switch byte {
        case 0x00: return KeyEvent(.character(" "), modifiers: .control)
        case 0x08, 0x7F: return KeyEvent(.backspace)
        case 0x09: return KeyEvent(.tab)
        case 0x0A, 0x0D: return KeyEvent(.enter)
        case 0x1B: return KeyEvent(.escape)
        case 0x01...0x1F:
            let letter = Unicode.Scalar(byte + 0x60)
            let character = byte <= 0x1A ? Character(letter) : Character(Unicode.Scalar(byte + 0x40))
            return KeyEvent(.character(character), modifiers: .control)
        default: return nil
        }
    }

    /// The character Shift makes of an ASCII key on a US layout: the fallback for a kitty report of a
    /// shifted text key that carries neither the shifted key (flag 4) nor its text (flag 16).
    package static func usShifted(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar {
        case "a"..."z": return Unicode.Scalar(scalar.value - 0x20)
        case "A"..."Z", " ": return scalar
        default:
            let unshifted = Array("`1234567890-=[]\\;',./".unicodeScalars)
            let shifted = Array("~!@#$%^&*()_+{}|:\"<>?".unicodeScalars)
            return unshifted.firstIndex(of: scalar).map { shifted[$0] }
        }
    }
}
