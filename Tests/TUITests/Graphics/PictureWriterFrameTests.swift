import Testing
@testable import TUI
@testable import ViewerCore

/// A moving picture's frames through `PictureWriter`, byte for byte (docs/IMAGES.md, "Moving pictures in pixels"):
/// each frame a picture of its own at the same cells, which replaces the one before without a gap (kitty: the new
/// one placed, then the old one deleted by id, in one synchronized update; sixel and iTerm2: drawn over, no rows
/// repainted), and nothing left on the terminal or in kitty's memory after a story change or the way out.
@Suite struct PictureWriterFrameTests {
    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// Frame `id` of a kitty picture at row 2, column 4, 10 × 5 cells; `size` pads its data past `pieceBytes`.
    static func kitty(_ id: UInt32, size: Int = 0) -> FramePicture {
        var command = "\u{1B}_Ga=T,f=24,i=\(id),q=2,z=-1,C=1,m=0;" + String(repeating: "A", count: 4 + size) + "\u{1B}\\"
        if size > 0 {
            // Chunks as the encoder writes them: 4096 characters each, the later ones with `m` and `q` only.
            let chunks = (0..<(size / 4096 + 1)).map { _ in String(repeating: "A", count: 4096) }
            command = "\u{1B}_Ga=T,f=24,i=\(id),q=2,z=-1,C=1,m=1;" + chunks.dropLast().joined(separator: "\u{1B}\\\u{1B}_Gm=1,q=2;")
                + "\u{1B}\\\u{1B}_Gm=0,q=2;" + (chunks.last ?? "") + "\u{1B}\\"
        }
        return FramePicture(row: 2, column: 4, columns: 10, rows: 5,
                            payload: PixelPayload(graphicsProtocol: .kitty, id: id, bytes: Array(command.utf8)), movingPicture: 0)
    }

    static func sixel(_ id: UInt32) -> FramePicture {
        FramePicture(row: 2, column: 4, columns: 10, rows: 5,
                     payload: PixelPayload(graphicsProtocol: .sixel, id: id, bytes: Array("\u{1B}Pq<\(id)>\u{1B}\\".utf8)),
                     movingPicture: 0)
    }

    static func place(_ id: UInt32) -> String { "\u{1B}7\u{1B}[3;5H\u{1B}_Ga=T,f=24,i=\(id),q=2,z=-1,C=1,m=0;AAAA\u{1B}\\\u{1B}8" }
    static func delete(_ id: UInt32) -> String { "\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\" }
    static let begin = "\u{1B}[?2026h", end = "\u{1B}[?2026l"

    /// One curses update: the removals before it, the pictures after it.
    static func update(_ writer: inout PictureWriter, _ pictures: [FramePicture]) -> (before: String, after: String, rows: [Range<Int>]) {
        writer.set(pictures)
        let removal = writer.removals()
        return (text(removal.bytes), text(writer.shows()), removal.rowsToRepaint)
    }

    /// Kitty's ids placed (`a=T`, `a=p`) and deleted (`d=I`) in `bytes`, in order.
    static func kittyLedger(_ bytes: String) -> (placed: [UInt32], deleted: [UInt32]) {
        var placed: [UInt32] = [], deleted: [UInt32] = []
        for command in bytes.components(separatedBy: "\u{1B}_G").dropFirst() {
            let keys = command.prefix { $0 != ";" && $0 != "\u{1B}" }.split(separator: ",")
            guard let id = keys.first(where: { $0.hasPrefix("i=") }).flatMap({ UInt32($0.dropFirst(2)) }) else { continue }
            if keys.contains("a=T") || keys.contains("a=p") { placed.append(id) }
            if keys.contains("d=I") { deleted.append(id) }
        }
        return (placed, deleted)
    }

    @Test("kitty: the next frame is placed first, then the frame before deleted by id, in one synchronized update; nothing before curses' update")
    func kittyReplacesInOrder() {
        var writer = PictureWriter()
        writer.synchronized = true
        #expect(Self.update(&writer, [Self.kitty(1)]).after == Self.begin + Self.place(1) + Self.end)
        let second = Self.update(&writer, [Self.kitty(2)])
        #expect(second.before.isEmpty, "no deletion before the update: the box would show neither frame")
        #expect(second.after == Self.begin + Self.place(2) + Self.delete(1) + Self.end)
        let third = Self.update(&writer, [Self.kitty(3)])
        #expect(third.after == Self.begin + Self.place(3) + Self.delete(2) + Self.end)
        #expect(Self.update(&writer, [Self.kitty(3)]).after.isEmpty, "the same frame again writes nothing")
    }

    @Test("kitty without mode 2026: the same order, placed then deleted, in one write")
    func kittyUnsynchronized() {
        var writer = PictureWriter()
        _ = Self.update(&writer, [Self.kitty(1)])
        #expect(Self.update(&writer, [Self.kitty(2)]).after == Self.place(2) + Self.delete(1))
    }

    @Test("a story change after frames: the last frame deleted before the update, every frame placed is deleted once")
    func storyChangeLeavesNothing() {
        var writer = PictureWriter()
        writer.synchronized = true
        var all = ""
        for id in UInt32(1)...5 {
            let step = Self.update(&writer, [Self.kitty(id)])
            all += step.before + step.after
        }
        let change = Self.update(&writer, [])
        #expect(change.before == Self.delete(5) && change.after.isEmpty)
        all += change.before
        let ledger = Self.kittyLedger(all)
        #expect(ledger.placed == [1, 2, 3, 4, 5])
        #expect(ledger.deleted == [1, 2, 3, 4, 5], "each frame deleted once, after the next is placed")
    }

    @Test("a frame another story's picture (other cells) replaces is deleted first, as any leaving picture")
    func otherCellsAreNoReplacement() {
        var writer = PictureWriter()
        _ = Self.update(&writer, [Self.kitty(1)])
        var moved = Self.kitty(2)
        moved.row = 3
        let step = Self.update(&writer, [moved])
        #expect(step.before == Self.delete(1))
        #expect(step.after == "\u{1B}7\u{1B}[4;5H\u{1B}_Ga=T,f=24,i=2,q=2,z=-1,C=1,m=0;AAAA\u{1B}\\\u{1B}8")
    }

    @Test("a still picture, or another story's frame, at the same cells is no replacement: it leaves first")
    func stillIsNoReplacement() {
        var writer = PictureWriter()
        _ = Self.update(&writer, [Self.kitty(1)])
        var still = Self.kitty(2)
        still.movingPicture = nil
        #expect(Self.update(&writer, [still]).before == Self.delete(1))
        var other = Self.kitty(3)
        other.movingPicture = 1
        #expect(Self.update(&writer, [other]).before == Self.delete(2))
        var sixels = PictureWriter()
        _ = Self.update(&sixels, [Self.sixel(1)])
        var sixelStill = Self.sixel(2)
        sixelStill.movingPicture = nil
        #expect(Self.update(&sixels, [sixelStill]).rows == [2..<7], "repainted: the still one may leave pixels transparent")
    }

    @Test("a large frame goes out in pieces while the frame before stays; deleted right after the new one's placement")
    func largeFrameInPieces() {
        var writer = PictureWriter()
        writer.synchronized = true
        _ = Self.update(&writer, [Self.kitty(1)])
        let step = Self.update(&writer, [Self.kitty(2, size: PictureWriter.pieceBytes * 2)])
        #expect(step.before.isEmpty)
        #expect(!step.after.contains("d=I"), "the frame before stays while the new one is transmitted")
        #expect(writer.owesPieces)
        var rest = ""
        while writer.owesPieces { rest += Self.text(writer.nextPiece()) }
        #expect(rest.hasSuffix(Self.begin + "\u{1B}7\u{1B}[3;5H\u{1B}_Ga=p,i=2,z=-1,C=1,q=2\u{1B}\\\u{1B}8" + Self.delete(1) + Self.end),
                "placed, then the one before deleted, in one synchronized update")
        #expect(Self.kittyLedger(rest).deleted == [1])
    }

    @Test("a frame replaced while it is still going out: its rest sent, it is deleted unplaced, the frame on screen goes after the newest")
    func replacedWhileGoingOut() {
        var writer = PictureWriter()
        _ = Self.update(&writer, [Self.kitty(1)])
        _ = Self.update(&writer, [Self.kitty(2, size: PictureWriter.pieceBytes * 2)])
        let third = Self.update(&writer, [Self.kitty(3)])
        #expect(third.before.hasSuffix("m=0,q=2;" + String(repeating: "A", count: 4096) + "\u{1B}\\" + Self.delete(2)),
                "the transmission finished whole (kitty reads it before any other command), then deleted: never placed")
        #expect(third.after == Self.place(3) + Self.delete(1))
        let ledger = Self.kittyLedger(third.before + third.after)
        #expect(!ledger.placed.contains(2) && ledger.deleted == [2, 1])
        #expect(!writer.owesPieces)
    }

    @Test("a story change while a large frame goes out: the frame on screen and the unfinished one both deleted")
    func storyChangeWhileGoingOut() {
        var writer = PictureWriter()
        _ = Self.update(&writer, [Self.kitty(1)])
        _ = Self.update(&writer, [Self.kitty(2, size: PictureWriter.pieceBytes * 2)])
        let change = Self.update(&writer, [])
        #expect(Self.kittyLedger(change.before).deleted.sorted() == [1, 2])
        #expect(change.after.isEmpty && !writer.owesPieces)
    }

    @Test("an erase while a frame waits to replace another: both deleted by id at the next update, the frame written again")
    func eraseWhileReplacing() {
        var writer = PictureWriter()
        _ = Self.update(&writer, [Self.kitty(1)])
        _ = Self.update(&writer, [Self.kitty(2, size: PictureWriter.pieceBytes * 2)])
        writer.erased()
        let again = Self.update(&writer, [Self.kitty(2, size: PictureWriter.pieceBytes * 2)])
        #expect(Set(Self.kittyLedger(again.before).deleted) == [1, 2])
        while writer.owesPieces { _ = writer.nextPiece() }
    }

    @Test("the way out after frames: the rest of an upload, then kitty's delete of everything")
    func wayOut() {
        var writer = PictureWriter()
        _ = Self.update(&writer, [Self.kitty(1)])
        _ = Self.update(&writer, [Self.kitty(2, size: PictureWriter.pieceBytes * 2)])
        let out = Self.text(writer.unfinished() + PictureWriter.removeAll(.kitty))
        #expect(out.hasSuffix("\u{1B}\\\u{1B}_Ga=d,d=A,q=2\u{1B}\\"))
        writer.forget()
        writer.set([])
        #expect(!writer.isOwed, "nothing left to delete after the way out")
    }

    @Test("a terminal behind: the next frames are skipped, the one on screen kept; once it caught up the last one is drawn")
    func behindSkipsFrames() {
        var writer = PictureWriter()
        _ = Self.update(&writer, [Self.kitty(1)])
        for id in UInt32(2)...4 {
            writer.set([Self.kitty(id)], terminalBehind: true)
            #expect(writer.removals().bytes.isEmpty && writer.shows().isEmpty, "frame \(id) skipped")
        }
        #expect(writer.owesPieces, "the last skipped frame is owed")
        #expect(Self.text(writer.continued()) == Self.place(4) + Self.delete(1), "frames 2 and 3 never drawn")
        #expect(!writer.owesPieces)
        writer.set([Self.kitty(5)], terminalBehind: false)
        #expect(Self.text(writer.removals().bytes + writer.shows()) == Self.place(5) + Self.delete(4))
    }

    @Test("a terminal behind never holds back anything but frames: a story change, a first picture, go out")
    func behindKeepsOtherChanges() {
        var writer = PictureWriter()
        writer.set([Self.kitty(1)], terminalBehind: true)
        #expect(Self.text(writer.removals().bytes + writer.shows()) == Self.place(1), "nothing on screen to keep")
        writer.set([Self.kitty(2)], terminalBehind: true)
        writer.set([], terminalBehind: true)
        #expect(Self.text(writer.removals().bytes) == Self.delete(1) && !writer.owesPieces, "the skipped frame is forgotten")
    }

    @Test("sixel: the next frame is drawn over the one before, inside synchronized output; its rows are not repainted")
    func sixelDrawsOver() {
        var writer = PictureWriter()
        writer.synchronized = true
        _ = Self.update(&writer, [Self.sixel(1)])
        let step = Self.update(&writer, [Self.sixel(2)])
        #expect(step.rows.isEmpty && step.before.isEmpty, "a repaint would blank the box between frames")
        #expect(step.after == Self.begin + "\u{1B}7\u{1B}[3;5H\u{1B}Pq<2>\u{1B}\\\u{1B}8" + Self.end)
        let change = Self.update(&writer, [])
        #expect(change.rows == [2..<7], "a story change repaints the rows of the last frame")
    }
}
