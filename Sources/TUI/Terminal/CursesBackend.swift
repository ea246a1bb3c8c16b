import CNCurses
import Glibc

/// The only file that talks to ncursesw, and only for output: it sets the terminal up and always
/// restores it, puts the cells `Screen` found changed, and shows them with one `doupdate`, or, when
/// one narrow cell changed beside the resting cursor (a bar step), with a `CellShortcut`. Input is
/// read from `inputDescriptor` by the viewer and decoded from bytes, never through curses, so
/// curses neither reads nor polls it.
final class CursesBackend: TerminalBackend {
    /// Why the terminal could not be set up.
    enum StartError: Error, Equatable {
        /// terminfo has no entry for TERM.
        case unknownTerminal(String)
        /// No terminal to read keys from (standard input is not one and /dev/tty cannot be opened).
        case noTerminalInput(errno: Int32)
        /// The terminal description could not be read for lack of resources (EMFILE, ENFILE, ENOMEM).
        case resources(errno: Int32)
    }

    private var screen: OpaquePointer?
    private var inputFile: UnsafeMutablePointer<FILE>?
    private var usesColor = false
    private var colorCount = 0
    private var ledger = ColorPairLedger(width: 0, height: 0)
    private var pairsToFree: [Int32] = []
    private(set) var isActive = false
    /// The terminal's mode before curses changed it, for the crash handler.
    private(set) var savedMode = termios()
    private(set) var size = TerminalSize(width: 0, height: 0)
    /// The terminal's `cub1` when changes of one cell may be written as a `CellShortcut`.
    private var cursorLeft: [UInt8]?
    /// Cells put since the last flush. The first is held back from curses (`heldPut`) until a second
    /// comes or the flush finds it alone: a frame of one cell may then go past curses entirely.
    private var putCount = 0
    private var heldPut: PlacedCell?
    /// The last cell handed to curses, where `doupdate` leaves the cursor after it.
    private var lastDrawn: PlacedCell?
    /// Cells written by shortcuts that curses has not been told of yet, oldest first: `settle()` puts
    /// them into curses' windows before curses is used again (at most `owedLimit` wait).
    private var owed: [PlacedCell] = []
    private static let owedLimit = 256
    /// The style the terminal's attributes and colours are in after the last shortcut's `vid_puts`;
    /// nil once curses has written anything since. A shortcut in this style writes no colour bytes.
    private var shortcutStyle: CellStyle?
    /// Control bytes asked for before the first frame (the modes, the keyboard probe), written in one go
    /// right after it: each write to the terminal before the frame delays the frame. Nil once it is out.
    private var controlBeforeFirstFrame: [UInt8]? = []
    /// The locale encodes characters in UTF-8 (a shortcut encodes its glyph itself, without `wcrtomb`).
    private var utf8Locale = false
    /// Where `doupdate` last left the cursor, and where curses believes it is: just after the last
    /// cell it wrote. Nil when a shortcut may not start from there.
    private var resting: (row: Int, column: Int)?
    /// How many columns right of `resting` shortcuts have moved the cursor since; `syncCursor` moves it
    /// back before curses writes again.
    private var drift = 0
    /// The next flush must go through `doupdate` (a clear is pending after `invalidate` or a new size).
    private var repaintPending = true

    /// The descriptor to poll and read for input bytes: standard input, or /dev/tty when standard
    /// input is not a terminal.
    private(set) var inputDescriptor: Int32 = STDIN_FILENO

    /// Control sequences written after curses set the terminal up, undone in reverse on the way out.
    var modes: TerminalModes

    init(modes: TerminalModes = TerminalModes()) {
        self.modes = modes
    }

    /// Takes over the terminal: alternate screen, no echo, cbreak (Ctrl-C and Ctrl-Z stay
    /// signals), hidden cursor, then the modes (mouse, paste). No keypad mode: keys are decoded from
    /// their bytes, so the terminal is never put in application keypad mode.
    /// - Parameters:
    ///   - term: the terminal type (TERM).
    ///   - color: use colours at all.
    ///   - directColor: the terminal says it shows 24-bit colour (COLORTERM): use the matching `*-direct`
    ///     description when there is one (Debian's ncurses-term has them), so that curses writes RGB.
    func start(term: String, color: Bool, directColor: Bool = false) throws(StartError) {
        var input: UnsafeMutablePointer<FILE>?
        if isatty(STDIN_FILENO) != 0 {
            input = fdopen(dup(STDIN_FILENO), "r")
        } else {
            input = fopen("/dev/tty", "re")
            guard input != nil else { throw .noTerminalInput(errno: errno) }
        }
        guard let input else { throw .resources(errno: errno) }
        _ = tcgetattr(fileno(input), &savedMode)
        errno = 0
        var created: OpaquePointer?
        if color, directColor, let direct = Self.directVariant(of: term) {
            created = newterm(direct, shim_stdout(), input)
        }
        if created == nil { created = newterm(term, shim_stdout(), input) }
        guard let created else {
            let code = errno
            fclose(input)
            if [EMFILE, ENFILE, ENOMEM].contains(code) { throw .resources(errno: code) }
            throw .unknownTerminal(term)
        }
        inputFile = input
        screen = created
        set_term(created)
        cursorLeft = CellShortcut.cursorLeft(capability: Self.capability("cub1"), movesInStandout: tigetflag("msgr") > 0)
        utf8Locale = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) == "UTF-8" } ?? false
        // ncurses 6.4 flushes its output at every cursor move until the screen has once been left and
        // resumed (`_nc_mvcur` tests `_endwin == ewInitial`): a bar step would then take two writes, the
        // move and the glyph. Leaving now, before anything is drawn, and resuming in the first frame's
        // `doupdate` (alternate screen, clear and frame in one write) gives one write a frame; nothing
        // was shown in between, so nothing flickers.
        endwin()
        isActive = true
        inputDescriptor = fileno(input)
        cbreak()
        noecho()
        nonl()
        intrflush(shim_stdscr(), false)
        keypad(shim_stdscr(), false)
        // Output only: curses must never check the input for typeahead while drawing.
        typeahead(-1)
        curs_set(0)
        leaveok(shim_stdscr(), true)
        if color && has_colors() {
            start_color()
            use_default_colors()
            usesColor = true
            colorCount = Int(shim_colors())
        }
        measure()
        writeControl(modes.enable)
    }

    /// Gives the terminal back as it was. Safe to call more than once and from any exit path.
    func stop() {
        guard isActive else { return }
        isActive = false
        leave()
        terminalRestored.store(true, ordering: .sequentiallyConsistent)
        if let screen { delscreen(screen) }
        screen = nil
        if let inputFile { fclose(inputFile) }
        inputFile = nil
    }

    /// Leaves curses mode for a suspend (Ctrl-Z): the shell gets a normal terminal.
    func suspend() {
        guard isActive else { return }
        leave()
    }

    /// Comes back after a suspend: curses mode again, modes on, and a full repaint next frame.
    func resume() {
        guard isActive else { return }
        settle()
        shortcutStyle = nil
        refresh()
        curs_set(0)
        writeControl(modes.enable)
        updateSize()
    }

    /// Asks the kernel for the window size and tells curses, after SIGWINCH or a resume.
    func updateSize() {
        guard isActive else { return }
        settle()
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            // Curses keeps a screen-sized buffer: never let a claimed size make it huge.
            let clamped = TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row)).clamped
            resize_term(Int32(clamped.height), Int32(clamped.width))
        }
        measure()
    }

    /// Erases the window and has the next `doupdate` clear the terminal and repaint: the next frame
    /// needs to put only the cells that are not blank.
    func invalidate() {
        guard isActive else { return }
        settle()
        repaintPending = true
        werase(shim_stdscr())
        markBottomRight()
        clearok(shim_stdscr(), true)
    }

    /// Puts an invisible blank in the bottom-right cell. Before it updates the lines that changed,
    /// `doupdate` looks whether the bottom of the screen could be cleared at once: when the
    /// bottom-right cell is a plain blank it compares every cell of every blank row at the bottom,
    /// twice (ncurses 6.4 `ClrBottom`): on a text story at 250×60 that is 22 500 comparisons, half a
    /// million instructions for a bar step of one cell. A cell that is not plainly blank ends that
    /// search at once; an invisible blank shows as a blank. Cells put there later keep the mark.
    private func markBottomRight() {
        guard size.width > 0, size.height > 0 else { return }
        put(Cell.blank(), row: size.height - 1, column: size.width - 1)
    }

    /// A cell and where it goes.
    private struct PlacedCell {
        var cell: Cell
        var row: Int
        var column: Int
    }

    /// Puts one cell: its character (with combining marks), attributes and colour pair.
    func put(_ cell: Cell, row: Int, column: Int) {
        guard isActive, row < size.height, column < size.width else { return }
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

    /// Hands one cell to curses (into `stdscr`, for the next `doupdate`).
    private func draw(_ placed: PlacedCell) {
        settle()
        let (cell, row, column) = (placed.cell, placed.row, placed.column)
        let style = usesColor ? cell.style : cell.style.withoutColor
        var attributes = Self.attributes(of: style)
        // A blank in the bottom-right cell is drawn invisible, which looks the same (see `markBottomRight`).
        if row == size.height - 1, column == size.width - 1, cell.text == " " { attributes |= shim_attr_invis }
        var pair = colorPair(style)
        if let unused = ledger.assign(pair, row: row, column: column) { pairsToFree.append(unused) }
        var complex = Self.complex(cell.text, attributes: attributes, pair: &pair)
        mvwadd_wch(shim_stdscr(), Int32(row), Int32(column), &complex)
        lastDrawn = placed
    }

    /// Tells curses of the cells shortcuts wrote: into `stdscr`, as any cell put, and into `curscr`,
    /// curses' copy of the terminal, which already shows them. Before anything else uses curses.
    private func settle() {
        guard !owed.isEmpty else { return }
        let cells = owed
        owed.removeAll(keepingCapacity: true)
        for placed in cells {
            let style = usesColor ? placed.cell.style : placed.cell.style.withoutColor
            var pair = colorPair(style)
            if let unused = ledger.assign(pair, row: placed.row, column: placed.column) { pairsToFree.append(unused) }
            var complex = Self.complex(placed.cell.text, attributes: Self.attributes(of: style), pair: &pair)
            mvwadd_wch(shim_stdscr(), Int32(placed.row), Int32(placed.column), &complex)
            mvwadd_wch(shim_curscr(), Int32(placed.row), Int32(placed.column), &complex)
        }
    }

    /// The curses attributes of a style (colours go by pair).
    private static func attributes(of style: CellStyle) -> attr_t {
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
    private static func complex(_ text: String, attributes: attr_t, pair: inout Int32) -> cchar_t {
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
    private static func narrowScalar(of cell: Cell) -> Unicode.Scalar? {
        var scalars = cell.text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil, DisplayWidth.of(first) == 1 else { return nil }
        return first
    }

    /// Most characters of one cell handed to curses (a spacing one and its marks; ncurses keeps 5).
    private static let cellScalars = 5

    /// Shows every cell put since the last flush with one `doupdate`, then frees the colour pairs
    /// no cell uses any more (after, so that no cell on the terminal still names a reused pair).
    /// One narrow cell beside the resting cursor is written as a `CellShortcut` instead.
    func flush() {
        guard isActive else { return }
        defer { putCount = 0 }
        if putCount == 1, !repaintPending, pairsToFree.isEmpty, let held = heldPut, writeShortcut(held) {
            heldPut = nil
            return
        }
        if let held = heldPut {
            heldPut = nil
            draw(held)
        }
        settle()
        syncCursor()
        shortcutStyle = nil
        // The cursor rests after the last cell written, where the next bar step can reach it.
        if let last = lastDrawn, last.column + 1 < size.width, cursorLeft != nil, Self.narrowScalar(of: last.cell) != nil {
            resting = (last.row, last.column + 1)
            wmove(shim_stdscr(), Int32(last.row), Int32(last.column + 1))
            leaveok(shim_stdscr(), false)
        } else {
            resting = nil
            leaveok(shim_stdscr(), true)
        }
        wnoutrefresh(shim_stdscr())
        doupdate()
        repaintPending = false
        if let control = controlBeforeFirstFrame {
            controlBeforeFirstFrame = nil
            writeControl(control)
        }
        for pair in pairsToFree where !ledger.isInUse(pair) { free_pair(pair) }
        pairsToFree.removeAll(keepingCapacity: true)
    }

    /// Writes one changed cell past curses (see `CellShortcut`): the colours through curses' `vid_puts`
    /// (so that curses knows the terminal's attributes) unless the last shortcut left them in this
    /// style, the glyph and the move in one `write`. Curses is told of the cell later (`settle`),
    /// before it is used again. False when there is no short way.
    private func writeShortcut(_ placed: PlacedCell) -> Bool {
        guard let cursorLeft, let resting, resting.row == placed.row, let scalar = Self.narrowScalar(of: placed.cell),
              let move = CellShortcut.move(column: placed.column, cursor: resting.column + drift, width: size.width)
        else { return false }
        // The glyph in the locale's encoding, on the stack (MB_LEN_MAX is 16).
        var glyph: (UInt64, UInt64) = (0, 0)
        let length: Int
        if utf8Locale {
            length = withUnsafeMutableBytes(of: &glyph) { buffer in
                var count = 0
                for byte in scalar.utf8 {
                    buffer[count] = byte
                    count += 1
                }
                return count
            }
        } else {
            var state = mbstate_t()
            length = withUnsafeMutableBytes(of: &glyph) { buffer in
                wcrtomb(buffer.baseAddress?.assumingMemoryBound(to: CChar.self), wchar_t(bitPattern: scalar.value), &state)
            }
        }
        // -1 ((size_t)-1): the character has no encoding in this locale.
        guard length > 0, length <= MemoryLayout.size(ofValue: glyph) else { return false }
        shortcutBytes.removeAll(keepingCapacity: true)
        let style = usesColor ? placed.cell.style : placed.cell.style.withoutColor
        if style != shortcutStyle {
            var pair = colorPair(style)
            vid_puts(Self.attributes(of: style), 0, &pair, collectShortcutByte)
            shortcutStyle = style
        }
        withUnsafeBytes(of: glyph) { move.append(glyph: $0.prefix(length), cursorLeft: cursorLeft, to: &shortcutBytes) }
        writeAll(shortcutBytes)
        drift += move.advance
        owed.append(placed)
        if owed.count >= Self.owedLimit { settle() }
        return true
    }

    /// Moves the cursor back to where curses believes it is, after shortcuts moved it right: curses
    /// works out the move (`mvcur`) and writes it before anything else it writes.
    private func syncCursor() {
        shortcutStyle = nil
        guard let resting, drift != 0 else { return }
        mvcur(Int32(resting.row), Int32(resting.column + drift), Int32(resting.row), Int32(resting.column))
        fflush(shim_stdout())
        drift = 0
    }

    /// Writes control bytes after everything curses has drawn (curses flushes in `doupdate`).
    func writeControl(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if controlBeforeFirstFrame != nil {
            controlBeforeFirstFrame?.append(contentsOf: bytes)
            return
        }
        // A control sequence is not known to keep the cursor where it rests.
        syncCursor()
        resting = nil
        writeAll(bytes)
    }

    /// Writes bytes to the terminal after what stdio holds, whole unless the terminal is gone.
    private func writeAll(_ bytes: [UInt8]) {
        fflush(shim_stdout())
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(STDOUT_FILENO, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// How many colours the terminal has (0 without colour).
    var colors: Int { colorCount }

    /// Whether curses writes 24-bit colours as they are (a `*-direct` description is in use).
    var isDirectColor: Bool { colorCount >= 0x100_0000 }

    /// The direct-colour twin of a terminal type: `xterm-256color` → `xterm-direct`; nil when it is one.
    static func directVariant(of term: String) -> String? {
        guard !term.hasSuffix("-direct") else { return nil }
        var base = Substring(term)
        for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
            base = base.dropLast(suffix.count)
            break
        }
        return base.isEmpty ? nil : base + "-direct"
    }

    /// A string capability of the terminal, as bytes; nil when it has none.
    private static func capability(_ name: String) -> [UInt8]? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        return Array(String(cString: value).utf8)
    }

    /// The bytes that give the terminal back without curses (for the crash handler): the modes off,
    /// attributes reset, cursor shown, the normal screen, from this terminal's own descriptions.
    var emergencyRestoreBytes: [UInt8] {
        var bytes = modes.disable
        for name in ["sgr0", "cnorm", "rmcup"] { bytes += Self.capability(name) ?? [] }
        return bytes
    }

    private func leave() {
        settle()
        // No frame was shown: what waited for it is not needed, and what undoes it is harmless.
        controlBeforeFirstFrame = nil
        syncCursor()
        writeControl(modes.disable)
        repaintPending = true
        curs_set(1)
        if isendwin() {
            // Left already and never resumed (no frame since `start` or `suspend`): the alternate
            // screen is off, only the terminal's mode is still curses'.
            reset_shell_mode()
        } else {
            endwin()
        }
        fflush(shim_stdout())
    }

    private func measure() {
        size = TerminalSize(width: Int(shim_cols()), height: Int(shim_lines())).clamped
        // The next frame repaints from a cleared screen, with the cursor at home.
        resting = nil
        drift = 0
        repaintPending = true
        ledger = ColorPairLedger(width: size.width, height: size.height)
        pairsToFree.removeAll()
        if usesColor { reset_color_pairs() }
        markBottomRight()
        clearok(shim_stdscr(), true)
    }

    /// The pair for a style's colours; 0 (the terminal's default colours) when none is set or the
    /// table is full.
    private func colorPair(_ style: CellStyle) -> Int32 {
        guard usesColor, style.foreground != .standard || style.background != .standard else { return 0 }
        let pair = alloc_pair(colorNumber(style.foreground), colorNumber(style.background))
        return pair < 0 ? 0 : pair
    }

    /// The curses number of a colour: -1 for the default, the index when the terminal has it, the
    /// 24-bit value under a direct-colour terminal, else the nearest colour it has.
    private func colorNumber(_ color: TerminalColor) -> Int32 {
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

/// What `vid_puts` hands out while a shortcut is written: curses calls back one byte at a time, with
/// no context, so the bytes gather here (only the main thread draws).
nonisolated(unsafe) private var shortcutBytes: [UInt8] = []

/// Collects one byte of `vid_puts` into `shortcutBytes`.
private func collectShortcutByte(_ byte: Int32) -> Int32 {
    shortcutBytes.append(UInt8(truncatingIfNeeded: byte))
    return byte
}
