import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// Large sixel and iTerm2 pictures through the loop the binary runs, byte by byte on `TestTerminal`
/// (docs/IMAGES.md, "Never stall"): written band by band, whole bands of at most `PictureWriter.pieceBytes`
/// a frame, each placed at its row; a story change, an erase and the way out while bands are in flight.
@Suite
struct PictureBandSessionTests {
    typealias Session = PixelPictureSessionTests

    /// One sixel band as the encoder writes it: a complete DCS string of `size` bytes.
    static func sixelBand(_ index: Int, size: Int) -> [UInt8] {
        let head = Array("\u{1B}P0;1;0q\"1;1;80;20#0;2;\(index % 100);0;0#0".utf8)
        return head + [UInt8](repeating: UInt8(ascii: "~"), count: size - head.count - 2) + [0x1B, UInt8(ascii: "\\")]
    }

    /// The xterm session (100 × 44 cells: a sixel box of rows 2–41) with the first story's picture answered
    /// as `bands` bands of one cell row each,
    /// `bandBytes` bytes each; returns the harness and the payload.
    static func sixelSession(bands: Int, bandBytes: Int) throws -> (SessionHarness, [[UInt8]]) {
        let harness = SessionHarness(Session.deck, width: 100, height: 44, settings: Session.settings(term: "xterm"))
        harness.type(Session.xtermAnswers, at: 0.05)
        let request = try #require(harness.pictureRequests.last?.first)
        let parts = (0..<bands).map { sixelBand($0, size: bandBytes) }
        let payload = PixelPayload(graphicsProtocol: .sixel, id: 1, bytes: parts.flatMap { $0 }, bandRows: 1)
        harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(
            ImageCells(columns: 98, rows: bands, cells: [], pixels: payload)))), at: 0.1)
        return (harness, parts)
    }

    /// A band as written: cursor saved, moved to its row and column (1-based), the band, cursor restored.
    static func placed(_ band: [UInt8], row: Int, column: Int = 2) -> [UInt8] {
        Array("\u{1B}7\u{1B}[\(row);\(column)H".utf8) + band + Array("\u{1B}8".utf8)
    }

    /// How many bands `bytes` holds if it is exactly the first bands of `parts`, each whole and placed at its
    /// row (the picture's first row is 3, 1-based: it fills the box), else nil: a picture cut inside a band is never written.
    static func wholeBands(_ bytes: [UInt8], of parts: [[UInt8]]) -> Int? {
        var offset = 0
        for (index, part) in parts.enumerated() {
            if offset == bytes.count { return index }
            let band = placed(part, row: 3 + index)
            guard offset + band.count <= bytes.count, bytes[offset..<offset + band.count].elementsEqual(band) else { return nil }
            offset += band.count
        }
        return offset == bytes.count ? parts.count : nil
    }

    @Test("a sixel over 256 KiB goes out as whole bands, a piece a frame, each at its own row; frames are drawn in between")
    func sixelInBands() throws {
        let (harness, parts) = try Self.sixelSession(bands: 40, bandBytes: 60_000)
        let first = try #require(Self.wholeBands(harness.terminal.pictureBytes, of: parts),
                                 "whole bands, at their rows: \(Session.text(Array(harness.terminal.pictureBytes.prefix(40))).debugDescription)")
        // The frame's piece and the loop's next (a real terminal's pipe would hold it back while full).
        #expect(first >= 4 && first <= 8, "a piece is four bands of 60 000 bytes (256 KiB at most): \(first) bands")
        #expect(harness.terminal.owesOutput)
        // Turn by turn, as the loop runs: one piece a turn, the next a frame later at the latest.
        var counts = [first], times = [harness.host.time], barBetweenBands = 0
        // The host sleeps to each deadline the loop asks for (else it stays at the last scripted time).
        harness.host.horizon = 2
        while harness.terminal.owesOutput, counts.count < 40 {
            let bar = harness.screen.first, flushes = harness.terminal.flushes
            harness.viewer.turn()
            counts.append(try #require(Self.wholeBands(harness.terminal.pictureBytes, of: parts)))
            times.append(harness.host.time)
            // A frame drawn while bands were still owed, and the bar row changed in it: a bar step between bands.
            if harness.terminal.flushes > flushes, harness.screen.first != bar, harness.terminal.owesOutput { barBetweenBands += 1 }
        }
        #expect(barBetweenBands > 0, "the bar stepped between two bands")
        #expect(counts.last == 40 && !harness.terminal.owesOutput, "every band once, in order, whole: \(counts)")
        let pieces = zip(counts, counts.dropFirst()).map { $1 - $0 }
        #expect(pieces.allSatisfy { $0 <= 4 }, "at most a piece a turn: \(pieces)")
        // The last turn wrote the last band, then slept to the bar's next step.
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.dropLast()
        #expect(gaps.allSatisfy { $0 > 0 && $0 <= ViewerModel.frameInterval + 1e-9 },
                "the loop wakes within a frame while bands wait, a piece a turn: \(gaps)")
        let flushes = harness.terminal.flushes
        harness.run(until: 2)
        #expect(harness.terminal.flushes > flushes, "bar steps are frames of their own; no band is written again")
        #expect(Self.wholeBands(harness.terminal.pictureBytes, of: parts) == 40)
    }

    @Test("a sixel in tiles: each band's tiles left to right, each at its own row and column, whole tiles a piece")
    func sixelInTiles() throws {
        let harness = SessionHarness(Session.deck, width: 100, height: 44, settings: Session.settings(term: "xterm"))
        harness.type(Session.xtermAnswers, at: 0.05)
        let request = try #require(harness.pictureRequests.last?.first)
        // 98 columns in tiles of 40: 40, 40 and 18 columns a band; 12 bands of 3 rows (36 rows), 36 tiles.
        let parts = (0..<36).map { Self.sixelBand($0, size: 30_000) }
        let payload = PixelPayload(graphicsProtocol: .sixel, id: 1, bytes: parts.flatMap { $0 }, bandRows: 3, bandColumns: 40)
        harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(
            ImageCells(columns: 98, rows: 36, cells: [], pixels: payload)))), at: 0.1)
        harness.host.horizon = 2
        var turns = 0
        while harness.terminal.owesOutput, turns < 40 {
            harness.viewer.turn()
            turns += 1
        }
        #expect(!harness.terminal.owesOutput && turns > 1, "in pieces over \(turns) turns")
        // The box is rows 2–41 (0-based): 36 rows centred from row 4 (1-based 5), from column 1 (1-based 2).
        let expected = parts.enumerated().flatMap { index, tile in
            Self.placed(tile, row: 5 + index / 3 * 3, column: 2 + index % 3 * 40)
        }
        #expect(harness.terminal.pictureBytes == expected, "every tile once, in order, whole, at its cells")
    }

    @Test("a piece the terminal would still be taking at the next bar step waits for the step: tiles go right after steps")
    func piecesWaitForTheStep() throws {
        // 40 bands of 60 000 bytes at 2 MB/s: 30 ms a band, longer than any bar step's interval here.
        let (harness, parts) = try Self.sixelSession(bands: 40, bandBytes: 60_000)
        harness.terminal.bytesPerSecond = 2e6
        // The piece a 2 MB/s terminal gets (`TerminalThroughput.pieceBytes`: 16 KiB, less than a band).
        harness.terminal.pictures.pieceBytes = TerminalThroughput.pieceBytes(bytesPerSecond: 2e6,
                                                                             interval: CursesBackend.pieceInterval)
        harness.host.horizon = 3
        var written = try #require(Self.wholeBands(harness.terminal.pictureBytes, of: parts))
        var steps = 0, afterStep = 0, between = 0
        while harness.terminal.owesOutput, steps < 400 {
            let bar = harness.screen.first, flushes = harness.terminal.flushes
            harness.viewer.turn()
            let now = try #require(Self.wholeBands(harness.terminal.pictureBytes, of: parts), "whole bands only")
            let stepped = harness.terminal.flushes > flushes && harness.screen.first != bar
            if stepped { steps += 1 }
            if now > written { if stepped { afterStep += 1 } else { between += 1 } }
            #expect(now - written <= 1, "one band at a time: a piece is at most 16 KiB's worth, at least a band")
            written = now
        }
        #expect(!harness.terminal.owesOutput, "every band goes out, one a step: \(written) of 40 after \(steps) steps")
        #expect(between == 0 && afterStep > 30, "bands went right after a step (\(afterStep)), never between (\(between))")
        #expect(!harness.terminal.declined.isEmpty, "the loop asked between steps and was told to wait")
        // A fast terminal takes a band well within a step: bands also go between steps, as before.
        let (fast, fastParts) = try Self.sixelSession(bands: 40, bandBytes: 60_000)
        fast.terminal.bytesPerSecond = 1e9
        fast.terminal.pictures.pieceBytes = 16 << 10
        fast.host.horizon = 3
        var fastBetween = 0, fastWritten = try #require(Self.wholeBands(fast.terminal.pictureBytes, of: fastParts))
        while fast.terminal.owesOutput {
            let bar = fast.screen.first, flushes = fast.terminal.flushes
            fast.viewer.turn()
            let now = try #require(Self.wholeBands(fast.terminal.pictureBytes, of: fastParts))
            if now > fastWritten, !(fast.terminal.flushes > flushes && fast.screen.first != bar) { fastBetween += 1 }
            fastWritten = now
        }
        #expect(fastBetween > 0 && fast.terminal.declined.isEmpty)
    }

    @Test("a story change while bands are in flight drops the rest; the picture's rows are repainted, nothing is half-written")
    func storyChangeMidway() throws {
        let (harness, parts) = try Self.sixelSession(bands: 40, bandBytes: 60_000)
        harness.type("l", at: 0.1)
        #expect(!harness.terminal.owesOutput)
        let written = try #require(Self.wholeBands(harness.terminal.pictureBytes, of: parts), "only whole bands")
        #expect(written < 40, "the rest is never written")
        #expect(harness.terminal.repaintedRows == [2..<42], "all 40 rows are repainted, those never drawn too")
        harness.run(until: 0.5)
        #expect(Self.wholeBands(harness.terminal.pictureBytes, of: parts) == written)
    }

    @Test("an erase (a repaint) while bands are in flight draws the picture again from its first band")
    func eraseMidway() throws {
        let (harness, parts) = try Self.sixelSession(bands: 40, bandBytes: 60_000)
        harness.send(.continued, at: 0.1)
        harness.run(until: 0.5)
        let bytes = harness.terminal.pictureBytes
        let all = (0..<40).flatMap { Self.placed(parts[$0], row: 3 + $0) }
        let redrawn = bytes.count > all.count && bytes.suffix(all.count).elementsEqual(all)
        #expect(redrawn, "SIGCONT repaints: all 40 bands again, from the first")
        let before = Self.wholeBands(Array(bytes.prefix(bytes.count - all.count)), of: parts)
        #expect(before.map { $0 < 40 } == true, "before it, whole bands only, not all: \(String(describing: before))")
    }

    @Test("q while bands are in flight quits at once: nothing more of the picture is written")
    func quitMidway() throws {
        let (harness, parts) = try Self.sixelSession(bands: 40, bandBytes: 60_000)
        harness.type("q", at: 0.1)
        #expect(harness.exitCode == 0)
        harness.terminal.stop()
        let written = try #require(Self.wholeBands(harness.terminal.pictureBytes, of: parts), "only whole bands")
        #expect(written < 40, "the rest is dropped; the picture leaves with the alternate screen")
        #expect(!harness.terminal.owesOutput)
    }

    @Test("iTerm2 bands end at BEL: each placed at its row, a picture under 256 KiB in one frame")
    func iterm2Bands() throws {
        let settings = ViewerModel.Settings(
            images: .symbols(.truecolor), keyRelease: .off, asksBackground: true,
            graphics: GraphicsDetection(setting: .auto, environment: GraphicsEnvironment(term: "xterm", termProgram: "WezTerm"),
                                        windowPixels: PixelSize(width: 800, height: 480)))
        let harness = SessionHarness(Session.deck, settings: settings)
        harness.type(Session.xtermAnswers, at: 0.05)
        let request = try #require(harness.pictureRequests.last?.first)
        #expect(request.pixels?.graphicsProtocol == .iterm2)
        let parts: [[UInt8]] = (0..<3).map { Array("\u{1B}]1337;File=inline=1;size=3;width=10c;height=2r;preserveAspectRatio=0:AAA\($0)".utf8) + [0x07] }
        let payload = PixelPayload(graphicsProtocol: .iterm2, id: 1, bytes: parts.flatMap { $0 }, bandRows: 2)
        harness.send(.imageLoaded(ImageResult(request: request, outcome: .success(
            ImageCells(columns: 39, rows: 6, cells: [], pixels: payload)))), at: 0.1)
        // Six rows centred in rows 2–21 (0-based): the first at row 9, 1-based 10.
        let expected = (0..<3).flatMap { Self.placed(parts[$0], row: 10 + 2 * $0, column: 21) }
        #expect(harness.terminal.pictureBytes == expected)
        #expect(!harness.terminal.owesOutput)
    }
}
