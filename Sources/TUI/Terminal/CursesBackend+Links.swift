import CNCurses
import Glibc
import ViewerCore

/// Hyperlinks past curses (docs/VIEWER.md, "Links"): curses cannot send OSC 8, so after `doupdate`
/// has drawn a link's cells the backend writes the same cells again, in the same attributes and
/// colours, between `Hyperlink.open` and `Hyperlink.close`. Curses' picture of the terminal stays
/// true: the characters and attributes are the ones it holds, the attributes are set through curses
/// (`vid_puts`, so it knows the terminal's), and the cursor goes back where curses believes it is.
/// A terminal without OSC 8 ignores the sequences and shows the same cells.
extension CursesBackend {
    /// The links of the next frame, with their cells; they are written after the next `doupdate`
    /// when they changed (or curses drew in their rows since).
    func setLinks(_ next: [FrameLink]) {
        guard next != links else { return }
        links = next
        linksOwed = !next.isEmpty
    }

    /// Writes every link's cells inside its hyperlink, after `doupdate`: for each link one write of an
    /// absolute move (`cup`), the hyperlink's start, the cells' attributes (through curses' `vid_puts`,
    /// which then knows the terminal's) and characters, the hyperlink's end, and the move back to where
    /// the cursor rests (curses still believes it there). When it rests nowhere (hidden), curses is told
    /// where the write left it instead (`mvcur` to the row's start, a carriage return whenever curses
    /// sends it, since only a move of its own follows).
    func writeLinks() {
        linksOwed = false
        guard isActive else { return }
        for link in links {
            guard let glyphs = Self.glyphs(of: link.cells, utf8: utf8Locale),
                  let move = Self.cursorMove(row: link.row, column: link.column) else { continue }
            var bytes = move + Hyperlink.open(link.url)
            var style: CellStyle?
            for (cell, glyph) in zip(link.cells.filter { !$0.isContinuation }, glyphs) {
                let shown = shownStyle(of: cell)
                if shown != style {
                    shortcutBytes.removeAll(keepingCapacity: true)
                    var pair = colorPair(shown)
                    vid_puts(Self.attributes(of: shown), 0, &pair, collectShortcutByte)
                    bytes += shortcutBytes
                    style = shown
                }
                bytes += glyph
            }
            bytes += Hyperlink.close
            if let resting {
                guard let back = Self.cursorMove(row: resting.row, column: resting.column) else { continue }
                writeAll(bytes + back)
            } else {
                writeAll(bytes)
                mvcur(Int32(link.row), Int32(link.column + link.width), Int32(link.row), 0)
                // mvcur writes through stdio, which doupdate's own writes do not flush: left there, the
                // carriage return went out after the next frame's moves, and bar steps landed at column 0.
                fflush(shim_stdout())
            }
        }
        shortcutStyle = nil
    }

    /// The terminal's absolute move to a cell (`cup`), or nil without one.
    static func cursorMove(row: Int, column: Int) -> [UInt8]? {
        shim_cursor_to(Int32(row), Int32(column)).map { Array(String(cString: $0).utf8) }
    }

    /// The bytes of each cell's character (continuation cells left out): UTF-8 in a UTF-8 locale,
    /// ASCII elsewhere; nil when a character cannot be written so (the link is then left to curses).
    static func glyphs(of cells: [Cell], utf8: Bool) -> [[UInt8]]? {
        var glyphs: [[UInt8]] = []
        for cell in cells where !cell.isContinuation {
            let bytes = Array(cell.text.isEmpty ? " ".utf8 : cell.text.utf8)
            guard utf8 || bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // Frame text holds no controls (Frame.put drops them); a byte below 0x20 or DEL would mean a bug.
            guard !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return nil }
            glyphs.append(bytes)
        }
        return glyphs
    }
}
