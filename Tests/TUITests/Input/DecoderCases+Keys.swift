@testable import TUI
@testable import ViewerCore

/// The key sequences the decoder accepts, each with the events it gives (one table, used by the case
/// tests and by the split tests).
enum DecoderCases {
    typealias H = DecoderHarness
    static let esc = "\u{1B}"
    static let csi = "\u{1B}["
    static let ss3 = "\u{1B}O"

    static let text: [DecoderCase] = [
        DecoderCase("ASCII letters", "aZ", H.characters("aZ")),
        DecoderCase("space", " ", [H.character(" ")]),
        DecoderCase("two-byte UTF-8", "é", [H.character("é")]),
        DecoderCase("three-byte UTF-8", "€", [H.character("€")]),
        DecoderCase("four-byte UTF-8", "😀", [H.character("😀")]),
        DecoderCase("ill-formed bytes are dropped", [0x61, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0xF5, 0xFF, 0x62],
                    H.characters("ab")),
        DecoderCase("a truncated character does not swallow the next key", [0xE2, 0x82, 0x71], [H.character("q")]),
        DecoderCase("a C1 control is not text", [0xC2, 0x9B, 0x41], [H.character("A")]),
    ]

    static let control: [DecoderCase] = [
        DecoderCase("Tab", "\t", [H.key(.tab)]),
        DecoderCase("Enter as CR and as LF", "\r\n", [H.key(.enter), H.key(.enter)]),
        DecoderCase("Backspace as DEL and as BS", [0x7F, 0x08], [H.key(.backspace), H.key(.backspace)]),
        DecoderCase("Ctrl-C, Ctrl-Z, Ctrl-A", [0x03, 0x1A, 0x01],
                    [H.character("c", .control), H.character("z", .control), H.character("a", .control)]),
        DecoderCase("Ctrl-\\ and Ctrl-]", [0x1C, 0x1D], [H.character("\\", .control), H.character("]", .control)]),
        DecoderCase("Ctrl-Space", [0x00], [H.character(" ", .control)]),
        DecoderCase("a lone Esc", esc, [H.key(.escape)]),
        DecoderCase("Alt+x", esc + "x", [H.character("x", .alt)]),
        DecoderCase("Alt+é", esc + "é", [H.character("é", .alt)]),
        DecoderCase("Alt+Ctrl-C", [0x1B, 0x03], [H.character("c", [.alt, .control])]),
        DecoderCase("Alt+Backspace", [0x1B, 0x7F], [H.key(.backspace, .alt)]),
        DecoderCase("Alt+Esc", esc + esc, [H.key(.escape, .alt)]),
        DecoderCase("Alt+Esc then a key", esc + esc + "q", [H.key(.escape, .alt), H.character("q")]),
        DecoderCase("Alt+Up as Esc + CSI", esc + csi + "A", [H.key(.up, .alt)]),
    ]

    static let cursor: [DecoderCase] = [
        DecoderCase("arrows, CSI", csi + "A" + csi + "B" + csi + "C" + csi + "D",
                    [H.key(.up), H.key(.down), H.key(.right), H.key(.left)]),
        DecoderCase("arrows, SS3", ss3 + "A" + ss3 + "B" + ss3 + "C" + ss3 + "D",
                    [H.key(.up), H.key(.down), H.key(.right), H.key(.left)]),
        DecoderCase("Home in every encoding", csi + "H" + csi + "1~" + csi + "7~" + ss3 + "H",
                    Array(repeating: H.key(.home), count: 4)),
        DecoderCase("End in every encoding", csi + "F" + csi + "4~" + csi + "8~" + ss3 + "F",
                    Array(repeating: H.key(.end), count: 4)),
        DecoderCase("PgUp, PgDn, Insert, Delete", csi + "5~" + csi + "6~" + csi + "2~" + csi + "3~",
                    [H.key(.pageUp), H.key(.pageDown), H.key(.insert), H.key(.delete)]),
        DecoderCase("F1-F4 as SS3, CSI ~ and CSI letter",
                    ss3 + "P" + ss3 + "S" + csi + "11~" + csi + "14~" + csi + "P" + csi + "1;2S",
                    [H.key(.function(1)), H.key(.function(4)), H.key(.function(1)), H.key(.function(4)),
                     H.key(.function(1)), H.key(.function(4), .shift)]),
        DecoderCase("F5-F12", ["15", "17", "18", "19", "20", "21", "23", "24"].map { csi + $0 + "~" }.joined(),
                    (5...12).map { H.key(.function($0)) }),
        DecoderCase("Linux console F1 and F5", csi + "[A" + csi + "[E", [H.key(.function(1)), H.key(.function(5))]),
        DecoderCase("Shift-Tab", csi + "Z", [H.key(.backTab)]),
        DecoderCase("modifiers: Ctrl+Right, Shift+Up, Alt+Left", csi + "1;5C" + csi + "1;2A" + csi + "1;3D",
                    [H.key(.right, .control), H.key(.up, .shift), H.key(.left, .alt)]),
        DecoderCase("modifiers: Ctrl+PgUp, Ctrl+Alt+Shift+Home", csi + "5;5~" + csi + "1;8H",
                    [H.key(.pageUp, .control), H.key(.home, [.shift, .alt, .control])]),
        DecoderCase("modifiers on SS3", ss3 + "5C" + ss3 + "1;2P",
                    [H.key(.right, .control), H.key(.function(1), .shift)]),
        DecoderCase("a cursor position report is not F3", csi + "5;3R", []),
    ]

    static let keypad: [DecoderCase] = [
        DecoderCase("KP Enter, application mode", ss3 + "M", [H.key(.enter)]),
        DecoderCase("KP digits, application mode", (0...9).map { ss3 + String(UnicodeScalar(0x70 + $0)!) }.joined(),
                    H.characters("0123456789")),
        DecoderCase("KP * + , - . / =, application mode", "jklmnoX".map { ss3 + String($0) }.joined(),
                    H.characters("*+,-./=")),
        DecoderCase("kitty KP digits", (57399...57408).map { csi + "\($0)u" }.joined(), H.characters("0123456789")),
        DecoderCase("kitty KP . / * - + Enter = ,", (57409...57416).map { csi + "\($0)u" }.joined(),
                    H.characters("./*-+") + [H.key(.enter)] + H.characters("=,")),
        DecoderCase("kitty KP navigation", (57417...57426).map { csi + "\($0)u" }.joined(),
                    [.left, .right, .up, .down, .pageUp, .pageDown, .home, .end, .insert, .delete].map { H.key($0) }),
        DecoderCase("kitty KP 1 released", csi + "57400;1:3u", [H.character("1", [], .released)]),
    ]

    static let kitty: [DecoderCase] = [
        DecoderCase("space pressed, repeated, released", csi + "32u" + csi + "32;1:2u" + csi + "32;1:3u",
                    [H.character(" "), H.character(" ", [], .repeated), H.character(" ", [], .released)]),
        DecoderCase("caps lock and num lock are masked", csi + "32;65:3u" + csi + "32;129u" + csi + "99;197u",
                    [H.character(" ", [], .released), H.character(" "), H.character("c", .control)]),
        DecoderCase("Ctrl-C, Ctrl-Z, Ctrl-\\ as key events", csi + "99;5u" + csi + "122;5u" + csi + "92;5u",
                    [H.character("c", .control), H.character("z", .control), H.character("\\", .control)]),
        DecoderCase("Ctrl-C released", csi + "99;5:3u", [H.character("c", .control, .released)]),
        DecoderCase("shifted keys by alternate key", csi + "47:63;2u" + csi + "103:71;2u" + csi + "99:67;6u",
                    [H.character("?"), H.character("G"), H.character("C", .control)]),
        DecoderCase("shifted keys by text", csi + "97;2;65u", [H.character("A")]),
        DecoderCase("shifted keys without alternates (US layout)", csi + "47;2u" + csi + "103;2:3u",
                    [H.character("?"), H.character("G", [], .released)]),
        DecoderCase("text without a key", csi + "0;;229u", [H.character("å")]),
        DecoderCase("Enter, Tab, Backspace, Esc as CSI u", csi + "13u" + csi + "9u" + csi + "127u" + csi + "27u",
                    [H.key(.enter), H.key(.tab), H.key(.backspace), H.key(.escape)]),
        DecoderCase("Shift+Tab and Alt+Esc as CSI u", csi + "9;2u" + csi + "27;3u",
                    [H.key(.backTab), H.key(.escape, .alt)]),
        DecoderCase("F13 and F35", csi + "57376u" + csi + "57398u", [H.key(.function(13)), H.key(.function(35))]),
        DecoderCase("Up released, Ctrl+Right repeated, PgUp released",
                    csi + "1;1:3A" + csi + "1;5:2C" + csi + "5;1:3~",
                    [H.key(.up, [], .released), H.key(.right, .control, .repeated), H.key(.pageUp, [], .released)]),
        DecoderCase("modifier keys, lock keys and media keys alone give nothing",
                    csi + "57441u" + csi + "57441;2:3u" + csi + "57358u" + csi + "57428u" + csi + "57427~" + csi + "E",
                    []),
        DecoderCase("an unknown event type gives nothing", csi + "32;1:4u" + csi + "1;1:9A", []),
    ]
}
