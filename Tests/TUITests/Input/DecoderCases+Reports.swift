@testable import TUI
@testable import ViewerCore

extension DecoderCases {
    static let mouse: [DecoderCase] = [
        DecoderCase("SGR press and release", csi + "<0;10;5M" + csi + "<0;10;5m",
                    [H.mouse(.press, .left, 9, 4), H.mouse(.release, .left, 9, 4)]),
        DecoderCase("SGR middle and right", csi + "<1;3;3M" + csi + "<2;1;1M",
                    [H.mouse(.press, .middle, 2, 2), H.mouse(.press, .right, 0, 0)]),
        DecoderCase("SGR drag and move", csi + "<32;4;4M" + csi + "<35;5;4M",
                    [H.mouse(.drag, .left, 3, 3), H.mouse(.move, .none, 4, 3)]),
        DecoderCase("SGR wheel", csi + "<64;5;5M" + csi + "<65;5;5M",
                    [H.mouse(.wheelUp, .none, 4, 4), H.mouse(.wheelDown, .none, 4, 4)]),
        DecoderCase("SGR modifiers", csi + "<4;1;1M" + csi + "<8;1;1M" + csi + "<16;1;1M" + csi + "<28;1;1m",
                    [H.mouse(.press, .left, 0, 0, .shift), H.mouse(.press, .left, 0, 0, .alt),
                     H.mouse(.press, .left, 0, 0, .control), H.mouse(.release, .left, 0, 0, [.shift, .alt, .control])]),
        DecoderCase("SGR beyond 223 columns", csi + "<0;1000;300M", [H.mouse(.press, .left, 999, 299)]),
        DecoderCase("SGR reports with no use give nothing",
                    csi + "<66;1;1M" + csi + "<128;1;1M" + csi + "<64;1;1m" + csi + "<0;0;1M" + csi + "<0;1M", []),
        DecoderCase("X10 press and release", H.bytes(csi + "M") + [32, 42, 37] + H.bytes(csi + "M") + [35, 42, 37],
                    [H.mouse(.press, .left, 9, 4), H.mouse(.release, .none, 9, 4)]),
        DecoderCase("X10 wheel and drag with Ctrl",
                    H.bytes(csi + "M") + [96, 33, 33] + H.bytes(csi + "M") + [80, 34, 33],
                    [H.mouse(.wheelUp, .none, 0, 0), H.mouse(.drag, .left, 1, 0, .control)]),
        DecoderCase("X10 coordinates above 94 (bytes above 0x7F)", H.bytes(csi + "M") + [32, 233, 133],
                    [H.mouse(.press, .left, 200, 100)]),
        DecoderCase("urxvt press and release", csi + "32;10;5M" + csi + "35;10;5M",
                    [H.mouse(.press, .left, 9, 4), H.mouse(.release, .none, 9, 4)]),
    ]

    static let other: [DecoderCase] = [
        DecoderCase("bracketed paste is one event", csi + "200~hello q" + csi + "201~q", [.paste, H.character("q")]),
        DecoderCase("keys and sequences inside a paste are not read",
                    csi + "200~" + esc + csi + "A\r\u{03}" + csi + "20" + esc + "[201" + csi + "201~", [.paste]),
        DecoderCase("an empty paste", csi + "200~" + csi + "201~", [.paste]),
        DecoderCase("a paste end with no start is swallowed", csi + "201~", []),
        DecoderCase("focus in and out", csi + "I" + csi + "O", [.focus(true), .focus(false)]),
        DecoderCase("keyboard flags replies", csi + "?15u" + csi + "?0u" + csi + "?u",
                    [.reply(.keyboardFlags(15)), .reply(.keyboardFlags(0)), .reply(.keyboardFlags(0))]),
        DecoderCase("DA1 replies", csi + "?62;22c" + csi + "?1;2c" + csi + "?6c",
                    [.reply(.graphics(.primaryDeviceAttributes([62, 22]))), .reply(.primaryDeviceAttributes),
                     .reply(.graphics(.primaryDeviceAttributes([1, 2]))), .reply(.primaryDeviceAttributes),
                     .reply(.graphics(.primaryDeviceAttributes([6]))), .reply(.primaryDeviceAttributes)]),
        DecoderCase("DA2 and other reports are swallowed", csi + ">1;10;0c" + csi + "=1u" + csi + "12;3$y" + csi + "8;24;80t", []),
        DecoderCase("kitty 0.26.5's answers to the graphics probe, keys between them, are replies, not keys",
                    esc + "_Gi=31;OK" + esc + "\\" + "q" + esc + "P>|kitty(0.26.5)" + esc + "\\" + csi + "4;408;640t"
                        + csi + "6;17;8t" + csi + "?2026;2$y" + csi + "?62;c",
                    [.reply(.graphics(.kittyGraphics(ok: true))), H.character("q"), .reply(.graphics(.version("kitty(0.26.5)"))),
                     .reply(.graphics(.windowPixels(PixelSize(width: 640, height: 408)))),
                     .reply(.graphics(.cellPixels(PixelSize(width: 8, height: 17)))),
                     .reply(.graphics(.privateMode(mode: 2026, value: 2))),
                     .reply(.graphics(.primaryDeviceAttributes([62]))), .reply(.primaryDeviceAttributes)]),
        DecoderCase("xterm -ti vt340's answers: XTSMGRAPHICS and sixel in DA1",
                    esc + "P>|XTerm(379)" + esc + "\\" + csi + "?1;0;1024S" + csi + "?2;0;480;312S" + csi + "?2026;0$y"
                        + csi + "?63;1;2;4;6;9;15;16;22;28c",
                    [.reply(.graphics(.version("XTerm(379)"))), .reply(.graphics(.graphicsAttribute(item: 1, status: 0, values: [1024]))),
                     .reply(.graphics(.graphicsAttribute(item: 2, status: 0, values: [480, 312]))),
                     .reply(.graphics(.privateMode(mode: 2026, value: 0))),
                     .reply(.graphics(.primaryDeviceAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28]))), .reply(.primaryDeviceAttributes)]),
        DecoderCase("a kitty error answer, and a DCS or APC too long to be an answer, are no keys",
                    esc + "_Gi=31;ENOTSUPPORTED:no" + esc + "\\" + esc + "P>|" + String(repeating: "x", count: 600) + esc + "\\a",
                    [.reply(.graphics(.kittyGraphics(ok: false))), H.character("a")]),
        DecoderCase("OSC ended by BEL and by ST", "a" + esc + "]12;rgb:0000/0000/0000\u{07}b" + esc + "]0;q\u{1B}\\c",
                    H.characters("abc")),
        DecoderCase("the background colour (OSC 11) in its long and short forms, by BEL and by ST",
                    esc + "]11;rgb:1c1c/2020/ffff\u{07}" + esc + "]11;rgb:80/00/ff" + esc + "\\" + esc + "]11;rgb:f/0/8\u{07}"
                        + esc + "]11;#102030\u{07}a",
                    [.reply(.backgroundColor(0x1C20FF)), .reply(.backgroundColor(0x8000FF)), .reply(.backgroundColor(0xFF0088)),
                     .reply(.backgroundColor(0x102030)), H.character("a")]),
        DecoderCase("an OSC 11 that is not a colour, or too long, is swallowed",
                    esc + "]11;rgb:zz/00/00\u{07}" + esc + "]11;?\u{07}" + esc + "]11;rgb:" + String(repeating: "0", count: 80) + "\u{07}b",
                    [H.character("b")]),
        DecoderCase("DCS, APC, PM and SOS", esc + "P1$r0m" + esc + "\\" + esc + "_Gi=1;OK" + esc + "\\"
                    + esc + "^qq" + esc + "\\" + esc + "Xq\u{07}q" + esc + "\\d", [H.character("d")]),
        DecoderCase("unknown CSI sequences", "a" + csi + "2J" + csi + "38;5;1m" + csi + "1;2;3 q" + csi + "?25hb",
                    H.characters("ab")),
        DecoderCase("an Esc inside a sequence starts a new one", csi + "12" + csi + "A" + esc + "]0;t" + csi + "B",
                    [H.key(.up), H.key(.down)]),
        DecoderCase("CAN and SUB cancel a sequence", csi + "12\u{18}a" + esc + "]x\u{1A}b", H.characters("ab")),
        DecoderCase("a control byte inside CSI ends it and is a key", csi + "12\rq", [H.key(.enter), H.character("q")]),
    ]

    static let all = text + control + cursor + keypad + kitty + mouse + other
}
