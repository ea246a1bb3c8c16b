import CNCurses
import Glibc

/// Hyperlinks past curses (docs/VIEWER.md, "Links"): curses cannot send OSC 8, so after `doupdate`
/// has drawn a link's cells the backend writes the same cells again, in the same attributes and
/// colours, between `Hyperlink.open` and `Hyperlink.close`. Curses' picture of the terminal stays
/// true: the characters and attributes are the ones it holds, the attributes are set through curses
/// (`vid_attr`, so it knows the terminal's), and the cursor goes back where curses believes it is
/// (`mvcur`). A terminal without OSC 8 ignores the sequences and shows the same cells.
extension CursesBackend {
    /// The links of the next frame, with their cells; they are written after the next `doupdate`
    /// when they changed (or curses drew in their rows since).
    func setLinks(_ next: [FrameLink]) {
        guard next != links else { return }
        links = next
        linksOwed = !next.isEmpty
    }

    /// Writes every link's cells inside its hyperlink, after `doupdate`.
    func writeLinks() {
        linksOwed = false
        guard isActive else { return }
        for link in links {
            guard let glyphs = Self.glyphs(of: link.cells, utf8: utf8Locale),
                  let move = shim_cursor_to(Int32(link.row), Int32(link.column)) else { continue }
            writeAll(Array(String(cString: move).utf8) + Hyperlink.open(link.url))
            var style: CellStyle?
            var text: [UInt8] = []
            for (cell, bytes) in zip(link.cells.filter { !$0.isContinuation }, glyphs) {
                let shown = shownStyle(of: cell)
                if shown != style {
                    // The attributes through curses, which then knows the terminal's.
                    writeAll(text)
                    text.removeAll(keepingCapacity: true)
                    var pair = colorPair(shown)
                    vid_attr(Self.attributes(of: shown), 0, &pair)
                    style = shown
                }
                text += bytes
            }
            writeAll(text + Hyperlink.close)
            // Back to where curses believes the cursor is (or anywhere it then believes, when it rests nowhere).
            let end = Int32(link.column + link.width)
            let target = resting.map { (Int32($0.row), Int32($0.column)) } ?? (Int32(link.row), 0)
            mvcur(Int32(link.row), end, target.0, target.1)
            fflush(shim_stdout())
        }
        shortcutStyle = nil
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
