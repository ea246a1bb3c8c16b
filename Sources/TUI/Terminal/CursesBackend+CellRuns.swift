import CNCurses
import Glibc
import ViewerCore

/// Cells in two colours (a picture's, a coloured row's) written past curses with the fewest colour bytes
/// (`CellWriter`): curses sends both colours at every change of pair, these bytes one SGR where the colours
/// change, with only what changed. Curses' picture of the terminal stays true: each cell goes into
/// `stdscr` as any cell put and into `curscr` (curses' copy of the terminal), so `doupdate` finds it
/// drawn and writes it no more; the bytes are written right after `doupdate`, inside the terminal's
/// save and restore of the cursor (`sc` … `rc`, which also restores the attributes curses believes the
/// terminal in). (Through curses' own output, with `putp` before `doupdate`, they were cut at a multiple of
/// 1 KiB: `doupdate` drops what its stream still buffers.) A frame that repaints (a clear) goes through
/// curses whole, and so does every cell the terminal's descriptions cannot write so.
extension CursesBackend {
    /// Whether a cell put now may wait for `writeCellRuns`: written past curses where the terminal
    /// allows it (`cellRunCapabilities`), the frame is not a repaint, the cell is one narrow character
    /// in two colours (or a block in one, over the terminal's default) and no attribute, and not in the last
    /// column (writing there leaves the cursor in the terminal's pending wrap).
    func waitsForCellRun(_ placed: PlacedCell) -> Bool {
        guard cellRunCapabilities != nil, !repaintPending, placed.column + 1 < size.width else { return false }
        let style = shownStyle(of: placed.cell)
        guard !style.bold, !style.dim, !style.reverse, !style.underline, let scalar = Self.narrowScalar(of: placed.cell),
              scalar.value >= 0x20, scalar.value != 0x7F, utf8Locale || scalar.isASCII else { return false }
        if style.foreground != .standard, style.background != .standard { return true }
        // One colour over the terminal's own (a picture's edge against its transparent part): a block glyph
        // only, where the terminal's defaults are `39` and `49` (issue 24: the sticker's edges were curses').
        return cellRunDefaultColors && (style.foreground != .standard || style.background != .standard)
            && CellWriter.blockGlyphs.contains(scalar.value)
    }

    /// The SGR parameters of a cell run's colour: `39`/`49` for the terminal's own (`cellRunDefaultColors`), else
    /// the terminal's `setaf`/`setab` form (`colorParameters`).
    func cellRunParameters(_ color: TerminalColor, background: Bool) -> [UInt8]? {
        guard color != .standard else {
            return cellRunDefaultColors ? (background ? CellWriter.defaultBackground : CellWriter.defaultForeground) : nil
        }
        return colorParameters(colorNumber(color), background: background)
    }

    /// The terminal's save-cursor, restore-cursor and absolute-move capabilities when cells may be
    /// written past curses: save and restore plain (no padding), colours set by `setaf`/`setab`, and moves safe
    /// while colours are on (`msgr`); nil otherwise.
    static func cellRunCapabilities() -> (save: [UInt8], restore: [UInt8])? {
        guard tigetflag("msgr") > 0, let save = capability("sc"), let restore = capability("rc"),
              capability("cup") != nil, capability("setaf") != nil, capability("setab") != nil,
              !save.contains(0x24), !restore.contains(0x24), !save.isEmpty, !restore.isEmpty else { return nil }
        return (save, restore)
    }

    /// Tells curses of the cells that waited (`cellRun`), as drawn, and returns the bytes that draw them,
    /// for `flush` to write after `doupdate`; a cell whose colours the writer cannot name (no pair, a form
    /// `CellWriter.parameters` does not read) is left to `doupdate`. Called by `flush` before `doupdate`.
    func takeCellRuns() -> [UInt8] {
        guard let capabilities = cellRunCapabilities, !cellRun.isEmpty else { return [] }
        var cells = cellRun
        cellRun.removeAll(keepingCapacity: true)
        cells.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        var writer = CellWriter()
        writer.move(capabilities.save)
        var wrote = false
        let moves = Self.cellRunMoves
        for placed in cells {
            var pair: Int32 = 0
            var complex = handOver(placed, pair: &pair)
            let style = shownStyle(of: placed.cell)
            guard pair > 0, let scalar = Self.narrowScalar(of: placed.cell),
                  let foreground = cellRunParameters(style.foreground, background: false),
                  let background = cellRunParameters(style.background, background: true)
            else { continue }
            guard writer.place(row: placed.row, column: placed.column, moves: moves) else { continue }
            mvwadd_wch(shim_curscr(), Int32(placed.row), Int32(placed.column), &complex)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4) { buffer in
                var count = 0
                for byte in scalar.utf8 {
                    buffer[count] = byte
                    count += 1
                }
                writer.write(glyph: buffer.prefix(count), foreground: foreground, background: background)
            }
            wrote = true
        }
        guard wrote else { return [] }
        writer.move(capabilities.restore)
        return writer.bytes
    }

    /// The terminal's moves for `CellWriter.place`: `cup`, and `cuf1`/`cuf` where they are escape sequences
    /// (a `cuf1` that is a space would paint the cell it passes in the colours set).
    static var cellRunMoves: CellWriter.Moves {
        CellWriter.Moves(
            absolute: { row, column in cursorMove(row: row, column: column) },
            forward: { columns in
                guard let sequence = shim_cursor_forward(Int32(columns)) else { return nil }
                let bytes = Array(String(cString: sequence).utf8)
                return bytes.first == 0x1B && !bytes.contains(0x20) ? bytes : nil
            })
    }

    /// The SGR parameters (`38;5;n`, `48;2;r;g;b`…) the terminal's `setaf` or `setab` write for a curses
    /// colour number (in the semicolon form where the description is not TERM's own), remembered; nil for the default colour or a form `CellWriter` does not read.
    func colorParameters(_ number: Int32, background: Bool) -> [UInt8]? {
        guard number >= 0 else { return nil }
        let key = Int(number) << 1 | (background ? 1 : 0)
        if let known = colorSequences[key] { return known }
        guard let sequence = shim_color_sequence(background ? 1 : 0, number),
              var parameters = CellWriter.parameters(of: Array(String(cString: sequence).utf8)) else { return nil }
        if semicolonColors { parameters = CellWriter.semicolonForm(of: parameters) }
        // Bounded: a truecolour photo has thousands of colours.
        if colorSequences.count >= Self.colorSequenceLimit { colorSequences.removeAll(keepingCapacity: true) }
        colorSequences[key] = parameters
        return parameters
    }

    /// Most colour sequences remembered by `colorParameters`.
    static let colorSequenceLimit = 8192
}
