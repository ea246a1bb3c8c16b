import CNCurses
import Glibc

/// The only file that talks to ncursesw: sets the terminal up and always restores it, reads
/// input without blocking, and draws the difference between the last frame and the next one
/// followed by a single `doupdate`.
final class CursesBackend {
    /// Why the terminal could not be set up.
    enum StartError: Error {
        case unknownTerminal(String)
        case noTerminalInput
    }

    private var screen: OpaquePointer?
    private var inputFile: UnsafeMutablePointer<FILE>?
    private var previous: Frame?
    private var colorPairs: [Int32: Int16] = [:]
    private var usesColor = false
    private(set) var isActive = false

    /// The file descriptor to wait on for input.
    private(set) var inputDescriptor: Int32 = STDIN_FILENO

    /// Takes over the terminal: alternate screen, no echo, cbreak (Ctrl-C and Ctrl-Z stay signals),
    /// keypad, hidden cursor, mouse buttons. Reads keys from /dev/tty when standard input is not a terminal.
    func start(color: Bool) throws(StartError) {
        var input = shim_stdin()
        if isatty(STDIN_FILENO) == 0 {
            guard let tty = fopen("/dev/tty", "r") else { throw .noTerminalInput }
            inputFile = tty
            input = tty
        }
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard let created = newterm(nil, shim_stdout(), input) else { throw .unknownTerminal(term) }
        screen = created
        set_term(created)
        isActive = true
        if let input { inputDescriptor = fileno(input) }
        cbreak()
        noecho()
        nonl()
        intrflush(shim_stdscr(), false)
        keypad(shim_stdscr(), true)
        nodelay(shim_stdscr(), true)
        // Long enough for an escape sequence split across packets (ssh), short enough to feel instant.
        set_escdelay(50)
        // We read input only when poll says so; curses need not check for typeahead while drawing.
        typeahead(-1)
        curs_set(0)
        leaveok(shim_stdscr(), true)
        if color && has_colors() {
            start_color()
            use_default_colors()
            usesColor = true
        }
        enableMouse()
    }

    /// Gives the terminal back as it was. Safe to call more than once and from any exit path.
    func stop() {
        guard isActive else { return }
        isActive = false
        mousemask(0, nil)
        curs_set(1)
        endwin()
        fflush(shim_stdout())
    }

    /// Leaves curses mode for a suspend (Ctrl-Z): the shell gets a normal terminal.
    func suspend() {
        guard isActive else { return }
        mousemask(0, nil)
        curs_set(1)
        endwin()
        fflush(shim_stdout())
    }

    /// Comes back after a suspend: curses mode again and a full repaint.
    func resume() {
        guard isActive else { return }
        refresh()
        curs_set(0)
        enableMouse()
        invalidate()
    }

    /// Current terminal size in cells (columns, rows).
    var size: (width: Int, height: Int) {
        (Int(shim_cols()), Int(shim_lines()))
    }

    /// Asks the kernel for the window size and tells curses, after SIGWINCH.
    func updateSize() {
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            resize_term(Int32(window.ws_row), Int32(window.ws_col))
        }
        invalidate()
    }

    /// Forgets what is on screen, so that the next draw repaints everything.
    func invalidate() {
        previous = nil
        clearok(shim_stdscr(), true)
    }

    /// Draws only the cells that differ from the previous frame, then one `doupdate`.
    func draw(_ frame: Frame) {
        guard isActive else { return }
        let (width, height) = size
        guard frame.width == width, frame.height == height else { return }
        for (row, column) in FrameDiff.changes(from: previous, to: frame) {
            put(frame[row, column], row: row, column: column)
        }
        previous = frame
        wnoutrefresh(shim_stdscr())
        doupdate()
    }

    /// Every input event available now, without waiting.
    func readInput() -> [CursesInputEvent] {
        guard isActive else { return [] }
        var events: [CursesInputEvent] = []
        while events.count < 256 {
            var character: wint_t = 0
            let result = wget_wch(shim_stdscr(), &character)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if let event = keyEvent(Int32(character)) { events.append(event) }
            } else if let event = characterEvent(UInt32(character)) {
                events.append(event)
            }
        }
        return events
    }

    private func keyEvent(_ code: Int32) -> CursesInputEvent? {
        switch code {
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BTAB: return .key(.backTab)
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return mouseEvent()
        default: return nil
        }
    }

    private func characterEvent(_ value: UInt32) -> CursesInputEvent? {
        switch value {
        case 0x1B: return .key(.escape)
        case 0x09: return .key(.tab)
        case 0x0A, 0x0D: return .key(.enter)
        default:
            guard value >= 0x20, let scalar = Unicode.Scalar(value) else { return nil }
            return .character(Character(scalar))
        }
    }

    private func mouseEvent() -> CursesInputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let column = Int(event.x)
        let width = size.width
        let pressed = event.bstate & shim_button1_pressed != 0
        let released = event.bstate & shim_button1_released != 0
        if pressed && released { return .mouseClick(column: column, width: width) }
        if pressed { return .mousePress(column: column, width: width) }
        if event.bstate & shim_button1_released != 0 { return .mouseRelease(column: column, width: width) }
        if event.bstate & shim_button1_clicked != 0 { return .mouseClick(column: column, width: width) }
        return nil
    }

    private func enableMouse() {
        mousemask(shim_button1_pressed | shim_button1_released, nil)
        mouseinterval(0)
    }

    private func put(_ cell: Cell, row: Int, column: Int) {
        let style = usesColor ? cell.style : cell.style.withoutColor
        var attributes = shim_attr_normal
        if style.bold { attributes |= shim_attr_bold }
        if style.dim { attributes |= shim_attr_dim }
        if style.reverse { attributes |= shim_attr_reverse }
        if style.underline { attributes |= shim_attr_underline }
        let pair = colorPair(style)
        // A cell holds one spacing character plus non-spacing ones; ncurses cuts a cluster at its second spacing
        // character, which would leave a dangling zero-width joiner (U+200D) of an emoji ZWJ sequence to join
        // whatever the terminal draws next. Cut at the joiner instead: the sequence shows its first emoji.
        let scalars = cell.text.unicodeScalars.prefix { $0.value != 0x200D }.prefix(5)
        var characters: [wchar_t] = scalars.map { wchar_t(bitPattern: $0.value) }
        if characters.isEmpty { characters = [0x20] }
        characters.append(0)
        var complex = cchar_t()
        setcchar(&complex, characters, attributes, pair, nil)
        mvwadd_wch(shim_stdscr(), Int32(row), Int32(column), &complex)
    }

    /// The curses number of a colour (-1 for the default). RGB is not drawn yet: it shows as the default.
    private static func colorNumber(_ color: TerminalColor) -> Int32 {
        switch color {
        case .standard, .rgb: return -1
        case .indexed(let index): return Int32(index)
        }
    }

    private func colorPair(_ style: CellStyle) -> Int16 {
        guard usesColor, style.foreground != .standard || style.background != .standard else { return 0 }
        let foreground = Self.colorNumber(style.foreground), background = Self.colorNumber(style.background)
        let key = (foreground + 1) * 65_536 + (background + 1)
        if let pair = colorPairs[key] { return pair }
        let pair = Int16(colorPairs.count + 1)
        guard Int32(pair) < shim_color_pairs() else { return 0 }
        init_pair(pair, Int16(foreground), Int16(background))
        colorPairs[key] = pair
        return pair
    }
}
