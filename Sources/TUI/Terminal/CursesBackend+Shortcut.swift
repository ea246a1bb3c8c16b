import CNCurses
import Glibc
import ViewerCore

/// A bar step past curses (`CellShortcut`): the backend writes the one cell itself and keeps curses'
/// picture of the terminal true: the cell goes into curses' windows later (`settle`), and the cursor
/// back where curses left it (`syncCursor`) before curses writes again.
extension CursesBackend {
    /// Writes one changed cell past curses (see `CellShortcut`): the colours through curses' `vid_puts`
    /// (so that curses knows the terminal's attributes) unless the last shortcut left them in this
    /// style, the glyph and the move in one `write`. Curses is told of the cell later (`settle`),
    /// before it is used again. False when there is no short way.
    func writeShortcut(_ placed: PlacedCell) -> Bool {
        guard let cursorLeft, let move = shortcutMove(placed, drift: drift), let glyph = Self.encodedGlyph(placed.cell, utf8: utf8Locale)
        else { return false }
        shortcutBytes.removeAll(keepingCapacity: true)
        let style = shownStyle(of: placed.cell)
        if !Self.same(style, shortcutStyle) {
            var pair = colorPair(style)
            vid_puts(Self.attributes(of: style), 0, &pair, collectShortcutByte)
            shortcutStyle = style
        }
        glyph.append(move, cursorLeft: cursorLeft, to: &shortcutBytes)
        writeAll(shortcutBytes, quiet: true)
        drift += move.advance
        owed.append(placed)
        if owed.count >= Self.owedLimit { settle() }
        return true
    }

    /// How a shortcut reaches `placed` with the cursor `drift` columns right of where it rests; nil when it
    /// cannot (another row, no resting place, no short move; `encodedGlyph` checks the cell).
    func shortcutMove(_ placed: PlacedCell, drift: Int) -> CellShortcut.Move? {
        guard let resting, resting.row == placed.row else { return nil }
        return CellShortcut.move(column: placed.column, cursor: resting.column + drift, width: size.width)
    }

    /// A cell's one narrow character in the locale's encoding, on the stack (MB_LEN_MAX is 16).
    struct EncodedGlyph {
        var bytes: (UInt64, UInt64) = (0, 0)
        var length = 0

        /// Appends the move and this glyph.
        func append(_ move: CellShortcut.Move, cursorLeft: [UInt8], to output: inout [UInt8]) {
            withUnsafeBytes(of: bytes) { move.append(glyph: $0.prefix(length), cursorLeft: cursorLeft, to: &output) }
        }
    }

    /// The glyph of a cell of one narrow character; nil for another cell, or when the locale has no encoding for it.
    static func encodedGlyph(_ cell: Cell, utf8: Bool) -> EncodedGlyph? {
        guard let scalar = narrowScalar(of: cell) else { return nil }
        var glyph = EncodedGlyph()
        if utf8 {
            glyph.length = withUnsafeMutableBytes(of: &glyph.bytes) { buffer in
                var count = 0
                for byte in scalar.utf8 {
                    buffer[count] = byte
                    count += 1
                }
                return count
            }
        } else {
            var state = mbstate_t()
            glyph.length = withUnsafeMutableBytes(of: &glyph.bytes) { buffer in
                wcrtomb(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), wchar_t(bitPattern: scalar.value), &state)
            }
        }
        // -1 ((size_t)-1): the character has no encoding in this locale.
        guard glyph.length > 0, glyph.length <= MemoryLayout.size(ofValue: glyph.bytes) else { return nil }
        return glyph
    }

    /// Whether a style is the one the last shortcut left (nil: none): written out, field by field, because
    /// `!=` of an optional `CellStyle` (a type of another module) goes through the conformance's witness
    /// table, about 55 instructions a bar step (Benchmarks/README.md).
    static func same(_ style: CellStyle, _ last: CellStyle?) -> Bool {
        guard let last, style.foreground == last.foreground, style.background == last.background else { return false }
        let attributes = (style.bold, style.dim, style.reverse, style.underline)
        return attributes == (last.bold, last.dim, last.reverse, last.underline)
    }

    /// Moves the cursor back to where curses believes it is, after shortcuts moved it right: curses
    /// works out the move (`mvcur`) and writes it before anything else it writes.
    func syncCursor() {
        shortcutStyle = nil
        guard let resting, drift != 0 else { return }
        mvcur(Int32(resting.row), Int32(resting.column + drift), Int32(resting.row), Int32(resting.column))
        fflush(shim_stdout())
        drift = 0
    }

    /// Tells curses of the cells shortcuts wrote: into `stdscr`, as any cell put, and into `curscr`,
    /// curses' copy of the terminal, which already shows them. Before anything else uses curses.
    func settle() {
        guard !owed.isEmpty else { return }
        let cells = owed
        owed.removeAll(keepingCapacity: true)
        for placed in cells {
            var complex = handOver(placed)
            mvwadd_wch(shim_curscr(), Int32(placed.row), Int32(placed.column), &complex)
        }
    }
}

/// What `vid_puts` hands out while a shortcut (or a link, `+Links`) is written: curses calls back one byte
/// at a time, with no context, so the bytes gather here (only the main thread draws).
@exclusivity(unchecked) nonisolated(unsafe) var shortcutBytes: [UInt8] = []

/// Collects one byte of `vid_puts` into `shortcutBytes`.
func collectShortcutByte(_ byte: Int32) -> Int32 {
    shortcutBytes.append(UInt8(truncatingIfNeeded: byte))
    return byte
}
