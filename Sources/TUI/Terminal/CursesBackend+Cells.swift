import CNCurses
import Glibc
import ViewerCore

/// Cells into curses: each put cell as curses holds it (characters, attributes, a colour pair), and
/// one `doupdate` a frame, or a `CellShortcut` for a frame of one cell.
extension CursesBackend {
    /// Puts one cell: its character (with combining marks), attributes and colour pair.
    func put(_ cell: Cell, row: Int, column: Int) {
        guard isActive, row < size.height, column < size.width else { return }
        if !links.isEmpty, !linksOwed, links.contains(where: { $0.row == row }) { linksOwed = true }
        putCount += 1
        if putCount == 1 {
            heldPut = PlacedCell(cell: cell, row: row, column: column)
            return
        }
        if let held = heldPut {
            heldPut = nil
            draw(held)
        }
        draw(PlacedCell(cell: cell, row: row, column: column))
    }

    /// Hands one cell to curses for the next `doupdate`, after the cells shortcuts wrote; a cell in two
    /// colours waits to be written past curses (`writeCellRuns`) where it may.
    func draw(_ placed: PlacedCell) {
        settle()
        if waitsForCellRun(placed) {
            cellRun.append(placed)
        } else {
            _ = handOver(placed)
        }
        lastDrawn = placed
    }

    /// Puts a cell into `stdscr` and counts its colour pair; returns it as curses holds it.
    func handOver(_ placed: PlacedCell) -> cchar_t {
        var pair: Int32 = 0
        return handOver(placed, pair: &pair)
    }

    /// `handOver`, also giving the cell's colour pair (0: the terminal's default colours).
    func handOver(_ placed: PlacedCell, pair: inout Int32) -> cchar_t {
        let (cell, row, column) = (placed.cell, placed.row, placed.column)
        let style = shownStyle(of: cell)
        var attributes = Self.attributes(of: style)
        // A blank in the bottom-right cell is drawn invisible, which looks the same (see `markBottomRight`).
        if row == size.height - 1, column == size.width - 1, cell.text == " " { attributes |= shim_attr_invis }
        pair = colorPair(style)
        if let unused = ledger.assign(pair, row: row, column: column) { pairsToFree.append(unused) }
        var complex = Self.complex(cell.text, attributes: attributes, pair: &pair)
        mvwadd_wch(shim_stdscr(), Int32(row), Int32(column), &complex)
        return complex
    }

    /// A cell's style as this terminal shows it: without colours when colour is off.
    func shownStyle(of cell: Cell) -> CellStyle {
        usesColor ? cell.style : cell.style.withoutColor
    }

    /// The curses attributes of a style (colours go by pair).
    static func attributes(of style: CellStyle) -> attr_t {
        var attributes = shim_attr_normal
        if style.bold { attributes |= shim_attr_bold }
        if style.dim { attributes |= shim_attr_dim }
        if style.reverse { attributes |= shim_attr_reverse }
        if style.underline { attributes |= shim_attr_underline }
        return attributes
    }

    /// A cell's text as curses holds it.
    /// A cell holds one spacing character plus non-spacing ones; ncurses cuts a cluster at its second spacing
    /// character, which would leave a dangling zero-width joiner (U+200D) of an emoji ZWJ sequence to join
    /// whatever the terminal draws next. Cut at the joiner instead: the sequence shows its first emoji.
    /// The characters go through a buffer on the stack: a frame puts many cells, none allocates.
    static func complex(_ text: String, attributes: attr_t, pair: inout Int32) -> cchar_t {
        var complex = cchar_t()
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: Self.cellScalars + 1) { characters in
            var count = 0
            for scalar in text.unicodeScalars {
                if scalar.value == 0x200D || count == Self.cellScalars { break }
                characters[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
            if count == 0 {
                characters[0] = 0x20
                count = 1
            }
            characters[count] = 0
            // The pair goes through `opts` as an int, so pairs above 32 767 work too.
            setcchar(&complex, characters.baseAddress, attributes, 0, &pair)
        }
        return complex
    }

    /// The one narrow character of a cell; nil when it has more than one scalar or is not one column wide.
    static func narrowScalar(of cell: Cell) -> Unicode.Scalar? {
        var scalars = cell.text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil, DisplayWidth.of(first) == 1 else { return nil }
        return first
    }

    /// Most characters of one cell handed to curses (a spacing one and its marks; ncurses keeps 5).
    static let cellScalars = 5

    /// Shows every cell put since the last flush with one `doupdate`, then frees the colour pairs
    /// no cell uses any more (after, so that no cell on the terminal still names a reused pair).
    /// One narrow cell beside the resting cursor is written as a `CellShortcut` instead.
    func flush() {
        guard isActive else { return }
        defer {
            putCount = 0
            lastDrawn = nil
        }
        if putCount == 1, !repaintPending, pairsToFree.isEmpty, !linksOwed, !pictures.isOwed, let held = heldPut,
           writeShortcut(held) {
            heldPut = nil
            return
        }
        // Curses writes into the writer's pipe from here: the next bar step asks the pipe first.
        writer?.forgetEmpty()
        if let held = heldPut {
            heldPut = nil
            draw(held)
        }
        settle()
        syncCursor()
        shortcutStyle = nil
        let cellRunBytes = takeCellRuns()
        // The cursor rests after the last cell written, where the next bar step can reach it.
        if let last = lastDrawn, last.column + 1 < size.width, cursorLeft != nil, Self.narrowScalar(of: last.cell) != nil {
            resting = (last.row, last.column + 1)
            wmove(shim_stdscr(), Int32(last.row), Int32(last.column + 1))
            leaveok(shim_stdscr(), false)
        } else {
            resting = nil
            leaveok(shim_stdscr(), true)
        }
        removeLeavingPictures()
        wnoutrefresh(shim_stdscr())
        doupdate()
        repaintPending = false
        let control = controlBeforeFirstFrame
        controlBeforeFirstFrame = nil
        // What is queued now was typed before any query leaves: read it first, as keys.
        if control?.isEmpty == false { typedAhead = TypedAhead.read(inputDescriptor) }
        if let capture = firstFrameCapture {
            // Curses' set-up, the first frame and what waited for it leave in one write.
            firstFrameCapture = nil
            if control?.isEmpty == false { resting = nil }
            writeAll(capture.end() + (control ?? []))
            startThreads()
        } else if let control {
            writeControl(control)
        }
        if !cellRunBytes.isEmpty { writeAll(cellRunBytes) }
        if linksOwed { writeLinks() }
        writeArrivingPictures()
        for pair in pairsToFree where !ledger.isInUse(pair) { pairNumbers.release(pair) }
        pairsToFree.removeAll(keepingCapacity: true)
    }

    /// The pair for a style's colours; 0 (the terminal's default colours) when none is set or the
    /// table is full. Numbered by `pairNumbers` (a released number before a new one), not curses' `alloc_pair`.
    func colorPair(_ style: CellStyle) -> Int32 {
        guard usesColor, style.foreground != .standard || style.background != .standard else { return 0 }
        let colors = ColorPairNumbers.Colors(foreground: colorNumber(style.foreground), background: colorNumber(style.background))
        guard let (pair, isNew) = pairNumbers.number(for: colors) else { return 0 }
        guard !isNew || init_extended_pair(pair, colors.foreground, colors.background) != ERR else {
            pairNumbers.release(pair)
            return 0
        }
        return pair
    }

    /// The curses number of a colour: -1 for the default, the index when the terminal has it, the
    /// 24-bit value under a direct-colour terminal, else the nearest colour it has.
    func colorNumber(_ color: TerminalColor) -> Int32 {
        switch color {
        case .standard:
            return -1
        case .indexed(let index) where colorCount >= 0x100_0000 && index >= 8:
            // A direct-colour terminal reads numbers from 8 up as RGB values: send the palette's RGB.
            let (red, green, blue) = ColorPalette.rgb(ofIndex: Int(index))
            return Int32(red) << 16 | Int32(green) << 8 | Int32(blue)
        case .indexed(let index):
            if Int(index) < colorCount { return Int32(index) }
            return Int32(ColorPalette.nearestIndex(to: ColorPalette.rgb(ofIndex: Int(index)), among: colorCount))
        case .rgb(let red, let green, let blue):
            // Under a direct description 0–7 still name the ANSI colours: a near-black RGB is lifted to 8.
            if colorCount >= 0x100_0000 { return max(8, Int32(red) << 16 | Int32(green) << 8 | Int32(blue)) }
            return Int32(ColorPalette.nearestIndex(to: (red, green, blue), among: colorCount))
        }
    }
}
