import Engine
import Testing
@testable import TUI
@testable import ViewerCore

@Suite("Link: a story's link under its caption, as a hyperlink (docs/VIEWER.md \"Links\")")
struct LinkLayoutTests {
    typealias F = LayoutFixtures

    @Test("the short form: host and path, without scheme, user, query, fragment or trailing slash")
    func shortForm() {
        #expect(LinkText.short("https://www.example.com/a/b?x=1#top") == "www.example.com/a/b")
        #expect(LinkText.short("http://example.com/") == "example.com")
        #expect(LinkText.short("HTTPS://user:pw@example.com:8080/p/") == "example.com:8080/p")
        #expect(LinkText.short("mailto:ana@example.com?subject=hi") == "ana@example.com")
        #expect(LinkText.short("https://example.com/a@b") == "example.com/a@b")
    }

    @Test("cut to fit: the end goes first, with an ellipsis; the width is never exceeded")
    func shortFormCut() {
        let link = "https://example.com/a/very/long/path/to/a/page"
        #expect(LinkText.short(link, width: 60) == "example.com/a/very/long/path/to/a/page")
        #expect(LinkText.short(link, width: 20) == "example.com/a/very/…")
        #expect(LinkText.short(link, width: 20, ellipsis: "...") == "example.com/a/ver...")
        for width in 0...40 { #expect(DisplayWidth.of(LinkText.short(link, width: width)) <= width) }
    }

    @Test("a text story: the link on the row under the caption, centred, underlined in the accent")
    func textStory() {
        let deck = Deck(stories: [Story(id: "a", title: "Trip", caption: "Photos from the coast.",
                                        link: "https://example.com/trip?ref=deck")])
        let frame = F.layout().frame(for: F.state(deck), width: 40, height: 12)
        #expect(F.text(frame)[4...9] == [
            "",
            "                  Trip",
            "                  ───",
            "         Photos from the coast.",
            "            example.com/trip",
            "",
        ])
        #expect(frame.links == [FrameLink(row: 8, column: 12, width: 16, url: "https://example.com/trip?ref=deck")])
        let style = frame[8, 12].style
        #expect(style.underline && style.foreground == .cyan)
        #expect(frame.placedLinks.first?.cells.map(\.text).joined() == "example.com/trip")
    }

    @Test("with art, the link follows the caption under the art; without a caption it stands alone")
    func artAndNoCaption() {
        let deck = Deck(stories: [
            Story(id: "a", title: "Dawn", caption: "Up early.", art: "\\o/", link: "https://e.com/x"),
            Story(id: "b", title: "Mail", link: "mailto:ana@e.com"),
        ])
        let art = F.layout().frame(for: F.state(deck), width: 40, height: 12)
        #expect(F.text(art)[5...8] == ["                  \\o/", "", "               Up early.", "               e.com/x"])
        #expect(art.links.map(\.row) == [8])
        let alone = F.layout().frame(for: F.state(deck, index: 1), width: 40, height: 12)
        #expect(F.text(alone)[5...7] == ["                  Mail", "                  ───", "               ana@e.com"])
        #expect(alone.links == [FrameLink(row: 7, column: 15, width: 9, url: "mailto:ana@e.com")])
    }

    @Test("a long link is cut to the measure; an open panel or a hold takes the link away")
    func cutAndHidden() {
        let long = "https://example.com/" + String(repeating: "abc/", count: 30)
        let deck = Deck(stories: [Story(id: "a", title: "T", caption: "C", link: long)])
        let frame = F.layout().frame(for: F.state(deck), width: 30, height: 10)
        let link = frame.links.first
        #expect(link?.width == 28 && link?.url == long)
        #expect(F.text(frame).contains(" example.com/abc/abc/abc/abc…"))
        var help = F.state(deck)
        help.overlay = .help(scroll: 0)
        #expect(F.layout().frame(for: help, width: 30, height: 10).links.isEmpty)
        var held = F.state(deck)
        held.hidesText = true
        #expect(F.layout().frame(for: held, width: 30, height: 10).links.isEmpty)
    }

    @Test("plain mode prints the whole link under the caption")
    func plain() {
        let deck = Deck(stories: [Story(id: "a", title: "T", caption: "C", link: "https://e.com/a?b=c")])
        #expect(PlainText.lines(for: deck, messages: Messages(language: .english))
            == ["[1/1] T", "C", "https://e.com/a?b=c", ""])
    }

    @Test("the OSC 8 sequences: every byte outside printable ASCII percent-encoded, so nothing ends them early")
    func hyperlinkBytes() {
        #expect(Hyperlink.open("https://e.com/a?b=c") == Array("\u{1B}]8;;https://e.com/a?b=c\u{1B}\\".utf8))
        #expect(Hyperlink.close == Array("\u{1B}]8;;\u{1B}\\".utf8))
        #expect(String(decoding: Hyperlink.encoded("https://ñ.es/a b\u{1B}\u{07}\u{9C}"), as: UTF8.self)
            == "https://%C3%B1.es/a%20b%1B%07%C2%9C")
        // Whatever a link holds, the sequence carries no byte below 0x21 or above 0x7E but its own ESC.
        let hostile = "https://e.com/\u{1B}\\\u{1B}]0;x\u{07}\u{9D}\u{202E}"
        let body = Hyperlink.open(hostile).dropFirst(4).dropLast(2)
        #expect(body.allSatisfy { $0 > 0x20 && $0 < 0x7F })
    }

    @Test("the screen hands the frame's links to the terminal, and none once the story has none")
    func screenHandsLinks() {
        let deck = Deck(stories: [Story(id: "a", title: "T", caption: "C", link: "https://e.com/x"),
                                  Story(id: "b", title: "U", caption: "D")])
        let terminal = TestTerminal(width: 40, height: 12)
        let screen = Screen(backend: terminal, layout: F.layout())
        screen.draw(F.state(deck))
        #expect(terminal.links.map(\.url) == ["https://e.com/x"])
        #expect(terminal.links.first?.cells.map(\.text).joined() == "e.com/x")
        screen.draw(F.state(deck, index: 1))
        #expect(terminal.links.isEmpty)
        // After a repaint (a resize, Ctrl-L) the old links are never handed on again.
        screen.draw(F.state(deck))
        screen.invalidate()
        terminal.resize(width: 30, height: 10)
        screen.draw(F.state(deck, index: 1))
        #expect(terminal.links.isEmpty)
        screen.draw(F.state(deck))
        #expect(terminal.links.map(\.row) == [F.layout().frame(for: F.state(deck), width: 30, height: 10).links[0].row])
    }
}
