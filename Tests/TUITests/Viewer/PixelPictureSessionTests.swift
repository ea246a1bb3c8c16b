import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Pixel pictures through the loop the binary runs (SPEC 8.1; docs/IMAGES.md, "Living with curses"):
/// the graphics probe in the start-up batch, the choice on its DA1 or its time-out, and every byte the
/// backend writes for the pictures (`PictureWriter` on `TestTerminal`) over a story change, an overlay,
/// a resize and the way out.
@Suite
struct PixelPictureSessionTests {
    static func story(_ id: String) -> Story {
        Story(id: id, title: id.capitalized, caption: "The \(id).", image: "\(id).png", imagePath: "/d/\(id).png", alt: "the \(id)")
    }

    static let deck = Deck(defaultDuration: 10, stories: [story("one"), story("two"), Story(id: "text", title: "Words", caption: "Only text.")],
                           baseDirectory: "/d")

    /// kitty 0.26.5 as recorded (docs/IMAGES.md, "Detection"), in a window of 800 × 480 pixels.
    static let kittyAnswers = "\u{1B}_Gi=31;OK\u{1B}\\" + "\u{1B}P>|kitty(0.26.5)\u{1B}\\" + "\u{1B}[?2026;2$y" + "\u{1B}[?62;c"
    /// xterm 379 -ti vt340 as recorded: sixel in DA1, mode 2026 unknown.
    static let xtermAnswers = "\u{1B}P>|XTerm(379)\u{1B}\\" + "\u{1B}[?1;0;1024S" + "\u{1B}[?2026;0$y"
        + "\u{1B}[?63;1;2;4;6;9;15;16;22;28c"

    static func settings(_ setting: ImagesSetting = .auto, term: String = "xterm-kitty", tmux: String? = nil) -> ViewerModel.Settings {
        ViewerModel.Settings(images: .symbols(.truecolor), keyRelease: .off, asksBackground: true,
                             graphics: GraphicsDetection(setting: setting, environment: GraphicsEnvironment(term: term, tmux: tmux),
                                                         windowPixels: PixelSize(width: 800, height: 480)))
    }

    /// Answers every pixel request asked for so far with a payload naming its story: `<one>`.
    static func answerAll(_ harness: SessionHarness, at time: Double, id: (String) -> UInt32) {
        var answered: Set<ImageRequest> = []
        for request in harness.pictureRequests.joined() where answered.insert(request).inserted {
            guard let format = request.pixels else { continue }
            let name = String(request.path.dropFirst(3).dropLast(4))
            let payload = PixelPayload(graphicsProtocol: format.graphicsProtocol, id: id(name), bytes: Array("<\(name)>".utf8))
            let cells = ImageCells(columns: request.columns / 2, rows: request.rows / 2, cells: [], pixels: payload)
            harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(cells))), at: time)
        }
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    static func ids(_ name: String) -> UInt32 { ["one": 1, "two": 2][name] ?? 9 }

    @Test("the start-up batch asks the graphics probe's queries after OSC 11, one DA1 last; no picture is asked for before it")
    func startBatch() {
        let harness = SessionHarness(Self.deck, settings: Self.settings())
        #expect(harness.terminal.controlBytes == BackgroundQuery.queryBytes + GraphicsProbe.queryBytes)
        #expect(harness.pictureRequests.isEmpty, "the choice is not known yet")
        #expect(harness.host.chosenImages == nil)
    }

    @Test("kitty's answers choose kitty, with the cell from the window's pixels; the answers are no keys")
    func kittyChosen() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings())
        harness.type(Self.kittyAnswers, at: 0.05)
        #expect(harness.host.chosenImages == .pixels(PixelFormat(graphicsProtocol: .kitty, cell: PixelSize(width: 10, height: 20))))
        let request = try #require(harness.pictureRequests.last?.first)
        #expect(request.pixels?.graphicsProtocol == .kitty)
        #expect(request.columns == 78 && request.rows == 22, "kitty's box is the symbols' box: the picture lies under the text")
        #expect(harness.exitCode == nil && harness.screen.joined().contains("One"), "no key was read from the answers")
    }

    @Test("no DA1 within the probe's bound: symbols, asked for then")
    func silenceIsSymbols() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings())
        harness.run(until: 0.3)
        #expect(harness.host.chosenImages == .symbols(.truecolor))
        let request = try #require(harness.pictureRequests.last?.first)
        #expect(request.pixels == nil && request.mode == .truecolor)
    }

    @Test("inside tmux auto stays with symbols, even when the terminal outside answers kitty's query")
    func tmuxIsSymbols() {
        let harness = SessionHarness(Self.deck, settings: Self.settings(tmux: "/tmp/tmux-1000/default,1,0"))
        harness.type(Self.kittyAnswers, at: 0.05)
        #expect(harness.host.chosenImages == .symbols(.truecolor))
        #expect(harness.pictureRequests.last?.allSatisfy { $0.pixels == nil } == true)
    }

    @Test("kitty: placed after the frame inside synchronized output, deleted by id on a story change and under an overlay, sent again when it closes, nothing for a bar step")
    func kittyPlacement() {
        let harness = SessionHarness(Self.deck, settings: Self.settings())
        harness.type(Self.kittyAnswers, at: 0.05)
        Self.answerAll(harness, at: 0.1, id: Self.ids)
        // One at 78 × 22 cells is 39 × 11 cells, centred: column 1 + 19, row 1 + 5 (1-based 7;21).
        let first = Self.text(harness.terminal.pictureBytes)
        #expect(first == "\u{1B}[?2026h\u{1B}7\u{1B}[7;21H<one>\u{1B}8\u{1B}[?2026l")
        harness.run(until: 2)
        #expect(Self.text(harness.terminal.pictureBytes) == first, "bar steps and the same picture again write nothing")
        harness.type("l", at: 3)
        Self.answerAll(harness, at: 3.1, id: Self.ids)
        let change = Self.text(harness.terminal.pictureBytes).dropFirst(first.count)
        #expect(change.hasPrefix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"), "the leaving picture is deleted first, its data too")
        #expect(change.hasSuffix("\u{1B}[7;21H<two>\u{1B}8\u{1B}[?2026l"))
        let beforeHelp = harness.terminal.pictureBytes.count
        harness.type("?", at: 4)
        #expect(Self.text(Array(harness.terminal.pictureBytes[beforeHelp...])) == "\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\",
                "an overlay takes the picture away")
        let beforeClose = harness.terminal.pictureBytes.count
        harness.type("?", at: 5)
        #expect(Self.text(Array(harness.terminal.pictureBytes[beforeClose...]))
                == "\u{1B}[?2026h\u{1B}7\u{1B}[7;21H<two>\u{1B}8\u{1B}[?2026l",
                "closed, it is sent again (from the model's conversions: no helper job)")
        let beforeText = harness.terminal.pictureBytes.count
        harness.type("l", at: 6)
        #expect(Self.text(Array(harness.terminal.pictureBytes[beforeText...])) == "\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\",
                "the text story after it has no picture")
        #expect(harness.terminal.picturesDisable == Array("\u{1B}_Ga=d,d=A,q=2\u{1B}\\".utf8),
                "every way out deletes kitty's pictures (TerminalModes.picturesDisable)")
    }

    @Test("a held space hides title and caption, the picture stays; Ctrl-Z gives it back and fg draws it again")
    func holdAndSuspend() {
        let harness = SessionHarness(Self.deck, settings: Self.settings())
        harness.type(Self.kittyAnswers, at: 0.05)
        Self.answerAll(harness, at: 0.1, id: Self.ids)
        let shown = harness.terminal.pictureBytes
        harness.type(" ", at: 1)
        // Repeats every 33 ms after a 500 ms initial delay: a sure hold.
        var t = 1.5
        while t <= 2.2 {
            harness.run(until: t)
            harness.type(" ", at: t)
            t += 0.033
        }
        #expect(!harness.screen.joined().contains("The one."), "the caption stepped aside")
        #expect(harness.terminal.pictureBytes == shown, "the picture stays, written once")
        harness.run(until: 3)
        harness.suspend(at: 3, until: 4)
        let after = Self.text(Array(harness.terminal.pictureBytes[shown.count...]))
        #expect(after.hasPrefix("\u{1B}_Ga=d,d=A,q=2\u{1B}\\"), "the way out deletes every kitty picture")
        #expect(after.hasSuffix("<one>\u{1B}8\u{1B}[?2026l"), "after fg the picture is sent whole again")
    }

    @Test("a picture the helper cannot make in pixels falls back to symbols, asked for at once")
    func fallbackToSymbols() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings())
        harness.type(Self.kittyAnswers, at: 0.05)
        let pixel = try #require(harness.pictureRequests.last?.first)
        harness.send(.imageLoaded(ImageResult(request: pixel, outcome: .failure(.undecodable("too large")))), at: 0.1)
        let fallback = try #require(harness.pictureRequests.last?.first)
        #expect(fallback.pixels == nil && fallback.path == pixel.path && fallback.mode == .truecolor)
        let cell = ImageCell(character: "▀", foreground: .indexed(196), background: .indexed(21))
        let cells = ImageCells(columns: 4, rows: 2, cells: Array(repeating: cell, count: 8))
        harness.send(.imageLoaded(ImageResult(request: fallback, outcome: .success(cells))), at: 0.2)
        #expect(harness.screen.joined().contains("▀▀▀▀"), "drawn in symbols")
        #expect(harness.terminal.pictureBytes.isEmpty)
    }

    /// kitty's commands for a picture of `chunks` chunks of 4096 characters, as the encoder writes them.
    static func kittyPayload(chunks: Int, id: UInt32) -> [UInt8] {
        let data = String(repeating: "A", count: 4096)
        var text = "\u{1B}_Ga=T,f=24,o=z,s=9,v=9,i=\(id),q=2,z=-1,C=1,m=1;\(data)\u{1B}\\"
        for index in 1..<chunks { text += "\u{1B}_Gm=\(index == chunks - 1 ? 0 : 1),q=2;\(data)\u{1B}\\" }
        return Array(text.utf8)
    }

    @Test("a large kitty picture goes out in pieces of at most 256 KiB a frame, transmitted (a=t) then placed; the bar steps meanwhile")
    func kittyInPieces() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings())
        harness.type(Self.kittyAnswers, at: 0.05)
        let request = try #require(harness.pictureRequests.last?.first)
        let payload = Self.kittyPayload(chunks: 200, id: 5)
        let cells = ImageCells(columns: 10, rows: 5, cells: [],
                               pixels: PixelPayload(graphicsProtocol: .kitty, id: 5, bytes: payload))
        harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(cells))), at: 0.1)
        let first = harness.terminal.pictureBytes
        #expect(first.count >= PictureWriter.pieceBytes && first.count < payload.count, "\(first.count): not all at once")
        #expect(Self.text(Array(first.prefix(8))) == "\u{1B}_Ga=t,f", "transmitted without being placed")
        #expect(harness.terminal.owesOutput)
        harness.run(until: 0.2)
        #expect(!harness.terminal.owesOutput, "a few frames later everything is out")
        let all = Self.text(harness.terminal.pictureBytes)
        #expect(harness.terminal.pictureBytes.count == payload.count + Self.placement(id: 5).utf8.count)
        #expect(all.hasSuffix(Self.placement(id: 5)), "placed once the last chunk is out: \(all.suffix(120).debugDescription)")
    }

    /// kitty's placement of picture `id` at the cells `kittyInPieces` uses (10 × 5 centred in 78 × 22).
    static func placement(id: UInt32) -> String {
        "\u{1B}[?2026h\u{1B}7\u{1B}[10;36H\u{1B}_Ga=p,i=\(id),z=-1,C=1,q=2\u{1B}\\\u{1B}8\u{1B}[?2026l"
    }

    @Test("a story change during a large kitty picture's upload finishes the upload, then deletes it")
    func kittyUploadCutShort() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings())
        harness.type(Self.kittyAnswers, at: 0.05)
        let request = try #require(harness.pictureRequests.last?.first)
        let payload = Self.kittyPayload(chunks: 200, id: 5)
        harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(
            ImageCells(columns: 10, rows: 5, cells: [], pixels: PixelPayload(graphicsProtocol: .kitty, id: 5, bytes: payload))))), at: 0.1)
        harness.type("l", at: 0.1)
        let all = Self.text(harness.terminal.pictureBytes)
        #expect(harness.terminal.pictureBytes.count == payload.count + "\u{1B}_Ga=d,d=I,i=5,q=2\u{1B}\\".utf8.count)
        #expect(all.hasSuffix("m=0,q=2;" + String(repeating: "A", count: 4096) + "\u{1B}\\\u{1B}_Ga=d,d=I,i=5,q=2\u{1B}\\"),
                "every chunk, then the delete; never the placement: \(all.suffix(120).debugDescription)")
        #expect(!harness.terminal.owesOutput)
    }

    @Test("kitty: a resize deletes the placement and data, and the picture at the new size is sent whole")
    func kittyResize() {
        let harness = SessionHarness(Self.deck, settings: Self.settings())
        harness.type(Self.kittyAnswers, at: 0.05)
        Self.answerAll(harness, at: 0.1, id: Self.ids)
        let before = harness.terminal.pictureBytes.count
        harness.terminal.resize(width: 100, height: 30)
        harness.send(.resized(TerminalSize(width: 100, height: 30)), at: 1)
        harness.run(until: 1.5)
        Self.answerAll(harness, at: 1.6, id: { _ in 7 })
        let after = Self.text(Array(harness.terminal.pictureBytes[before...]))
        #expect(after.hasPrefix("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"), "\(after.debugDescription)")
        #expect(after.contains("<one>\u{1B}8"), "sent again at the new size (its own id 7 here)")
    }

    @Test("sixel: the box leaves the title's and caption's rows; leaving, its rows are repainted whole by curses")
    func sixelRows() throws {
        let harness = SessionHarness(Self.deck, settings: Self.settings(term: "xterm"))
        harness.type(Self.xtermAnswers, at: 0.05)
        #expect(harness.host.chosenImages == .pixels(PixelFormat(graphicsProtocol: .sixel, cell: PixelSize(width: 10, height: 20))))
        let request = try #require(harness.pictureRequests.last?.first)
        #expect(request.rows == 20, "rows 2 to 21: under the title, above the caption (row 22) and the free row (23)")
        Self.answerAll(harness, at: 0.1, id: Self.ids)
        let first = Self.text(harness.terminal.pictureBytes)
        #expect(first == "\u{1B}7\u{1B}[8;21H<one>\u{1B}8", "no 2026: not synchronized; 10 rows centred in rows 2–21")
        harness.type("?", at: 1)
        #expect(harness.terminal.repaintedRows == [7..<17], "the overlay: curses repaints the picture's rows")
        #expect(Self.text(harness.terminal.pictureBytes) == first, "nothing is written to remove a sixel")
        harness.type("?", at: 2)
        #expect(Self.text(harness.terminal.pictureBytes) == first + first, "closed: drawn again")
    }

    @Test("XTSMGRAPHICS's colour registers size the sixel palette asked for: 16 kept, 1024 clamped to 256, none 256")
    func sixelRegisters() throws {
        for (answer, registers) in [("\u{1B}[?1;0;16S", 16), ("\u{1B}[?1;0;1024S", 256), ("\u{1B}[?1;3S", 256), ("\u{1B}[?1;0;1S", 2)] {
            let harness = SessionHarness(Self.deck, settings: Self.settings(term: "xterm"))
            harness.type("\u{1B}P>|XTerm(379)\u{1B}\\" + answer + "\u{1B}[?63;1;2;4;6;9;15;16;22;28c", at: 0.05)
            let request = try #require(harness.pictureRequests.last?.first)
            #expect(request.pixels == PixelFormat(graphicsProtocol: .sixel, cell: PixelSize(width: 10, height: 20), registers: registers),
                    "\(answer.debugDescription)")
        }
    }
}
