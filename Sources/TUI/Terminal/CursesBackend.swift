import CNCurses
import Glibc
import ViewerCore

/// The only type that talks to ncursesw, and only for output: it sets the terminal up and always
/// restores it (this file), puts the cells `Screen` found changed and shows them with one `doupdate`
/// (`+Cells`), or, when one narrow cell changed beside the resting cursor (a bar step), writes it
/// itself and tells curses later (`+Shortcut`). Input is read from `inputDescriptor` by the viewer and
/// decoded from bytes, never through curses, so curses neither reads nor polls it.
///
/// Its state is split over those files, so the properties they change are internal; nothing outside
/// this type's files touches them.
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
    /// Curses' own descriptor of the terminal, for its output and its mode changes.
    private var outputFile: UnsafeMutablePointer<FILE>?
    /// Where every byte for the terminal goes: curses' output descriptor, which `writer` points at
    /// its pipe (the loop never writes to the terminal itself).
    private var outputDescriptor: Int32 = STDOUT_FILENO
    /// The thread that writes to the terminal; nil when it could not be had (output then goes straight
    /// to the terminal, as it comes).
    private var writer: TerminalWriter?
    /// The terminal's mode as curses set it up (cbreak, no echo), for `resume`: with `writer`, curses'
    /// descriptor is a pipe, so the backend sets the terminal's mode itself (an ioctl, no waiting).
    private var programMode = termios()
    /// Holds curses' output until the first frame is complete; nil after it (or when no memory
    /// file could be had).
    var firstFrameCapture: FirstFrameCapture?
    var usesColor = false
    var colorCount = 0
    var ledger = ColorPairLedger(width: 0, height: 0)
    @exclusivity(unchecked) var pairsToFree: [Int32] = []
    private(set) var isActive = false
    /// The terminal's mode before curses changed it, for the crash handler.
    private(set) var savedMode = termios()
    private(set) var size = TerminalSize(width: 0, height: 0)
    /// The terminal's `cub1` when changes of one cell may be written as a `CellShortcut`.
    var cursorLeft: [UInt8]?
    // The state a bar step touches is `@exclusivity(unchecked)` (as `Viewer.queued`): only the loop's thread
    // uses it, each access is instantaneous (no inout access to it outlives a statement), and the runtime's
    // check of each access cost a step about 25 instructions a property (Benchmarks/README.md, issue 24).
    /// Cells put since the last flush. The first is held back from curses (`heldPut`) until a second
    /// comes or the flush finds it alone: a frame of one cell may then go past curses entirely.
    @exclusivity(unchecked) var putCount = 0
    @exclusivity(unchecked) var heldPut: PlacedCell?
    /// The last cell handed to curses, where `doupdate` leaves the cursor after it.
    @exclusivity(unchecked) var lastDrawn: PlacedCell?
    /// Cells written by shortcuts that curses has not been told of yet, oldest first: `settle()` puts
    /// them into curses' windows before curses is used again (at most `owedLimit` wait).
    @exclusivity(unchecked) var owed: [PlacedCell] = []
    static let owedLimit = 256
    /// The style the terminal's attributes and colours are in after the last shortcut's `vid_puts`;
    /// nil once curses has written anything since. A shortcut in this style writes no colour bytes.
    @exclusivity(unchecked) var shortcutStyle: CellStyle?
    /// Control bytes asked for before the first frame (the modes, the keyboard probe), written in one go
    /// right after it: each write to the terminal before the frame delays the frame. Nil once it is out.
    var controlBeforeFirstFrame: [UInt8]? = []
    /// Input queued before the first control bytes went out (`takeTypedAhead`).
    @exclusivity(unchecked) var typedAhead: [UInt8] = []
    /// The locale encodes characters in UTF-8 (a shortcut encodes its glyph itself, without `wcrtomb`).
    var utf8Locale = false
    /// Where `doupdate` last left the cursor, and where curses believes it is: just after the last
    /// cell it wrote. Nil when a shortcut may not start from there.
    @exclusivity(unchecked) var resting: (row: Int, column: Int)?
    /// How many columns right of `resting` shortcuts have moved the cursor since; `syncCursor` moves it
    /// back before curses writes again.
    @exclusivity(unchecked) var drift = 0
    /// The next flush must go through `doupdate` (a clear is pending after `invalidate` or a new size).
    @exclusivity(unchecked) var repaintPending = true
    /// The hyperlinks of the frame on screen (`CursesBackend+Links`), and whether curses may have drawn
    /// their cells since they were last written as links.
    var links: [FrameLink] = []
    @exclusivity(unchecked) var linksOwed = false
    /// Cells in two colours put since the last flush, to be written past curses (`+CellRuns`), and the
    /// capabilities that allow it (nil: every cell goes through curses); the colours' SGR parameters.
    @exclusivity(unchecked) var cellRun: [PlacedCell] = []
    var cellRunCapabilities: (save: [UInt8], restore: [UInt8])?
    var colorSequences: [Int: [UInt8]] = [:]
    /// The pixel pictures on the terminal and of the next frame (`CursesBackend+Pictures`).
    var pictures = PictureWriter()

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
    ///   - candidates: descriptions to try before TERM (`ColorDepth.candidates`: the `*-direct` twin when
    ///     24-bit colour is asked for, so that curses writes RGB); the first terminfo has is used.
    ///   - colors: `--colors`: whether a TERM whose description has the `RGB` or `Tc` flag but not the
    ///     numbers for it is left for its `-direct` twin (`ColorDepth.retriesDirect`).
    ///   - fallback: a description for 24-bit colour when TERM (known) has fewer (`ColorDepth.fallback`).
    func start(term: String, color: Bool, candidates: [String] = [], colors: ColorsSetting = .auto,
               fallback: String? = nil) throws(StartError) {
        var input: UnsafeMutablePointer<FILE>?
        if isatty(STDIN_FILENO) != 0 {
            input = fdopen(dup(STDIN_FILENO), "r")
        } else {
            input = fopen("/dev/tty", "re")
            guard input != nil else { throw .noTerminalInput(errno: errno) }
        }
        guard let input else { throw .resources(errno: errno) }
        // Curses gets a descriptor of its own, which FirstFrameCapture may point elsewhere for a while.
        let outputDescriptor = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 0)
        guard outputDescriptor >= 0, let output = fdopen(outputDescriptor, "w") else {
            let code = errno
            if outputDescriptor >= 0 { close(outputDescriptor) }
            fclose(input)
            throw .resources(errno: code)
        }
        _ = tcgetattr(fileno(input), &savedMode)
        // The one clamp (`TerminalSize.told`): curses sizes its screens from COLUMNS and LINES when
        // they are set, else from the terminal, so both say the clamped size before it starts.
        if let told = TerminalSize.told(columns: Self.variable("COLUMNS"), lines: Self.variable("LINES"),
                                        terminal: Self.windowSize(of: outputDescriptor)) {
            setenv("COLUMNS", String(told.width), 1)
            setenv("LINES", String(told.height), 1)
        }
        errno = 0
        var created: OpaquePointer?
        for name in candidates where color && created == nil {
            created = newterm(name, output, input)
        }
        if created == nil { created = newterm(term, output, input) }
        let termColors = Int(tigetnum("colors"))
        if color, let current = created, termColors < 0x100_0000 {
            // A TERM without colours (vt100) is a choice, kept even inside tmux.
            let direct = ColorDepth.retriesDirect(setting: colors, colors: termColors,
                                                  rgbFlag: tigetflag("RGB") > 0 || tigetflag("Tc") > 0)
                ? ColorDepth.baseName(of: term) + "-direct" : termColors >= 8 ? fallback : nil
            if let direct {
                // TERM is known (it loaded): its screen goes, the terminal's mode as it was, and the 24-bit
                // one takes its place, else TERM again.
                delscreen(current)
                _ = tcsetattr(fileno(input), TCSANOW, &savedMode)
                created = newterm(direct, output, input) ?? newterm(term, output, input)
            }
        }
        guard let created else {
            let code = errno
            fclose(output)
            fclose(input)
            if [EMFILE, ENFILE, ENOMEM].contains(code) { throw .resources(errno: code) }
            throw .unknownTerminal(term)
        }
        inputFile = input
        outputFile = output
        screen = created
        set_term(created)
        cursorLeft = CellShortcut.cursorLeft(capability: Self.capability("cub1"), movesInStandout: tigetflag("msgr") > 0)
        utf8Locale = nl_langinfo(nl_item(CODESET)).map { String(cString: $0) == "UTF-8" } ?? false
        isActive = true
        inputDescriptor = fileno(input)
        // The terminal's mode first: changing it needs the terminal, which curses' descriptor is not
        // while its output is held back. Nothing curses writes from here reaches the terminal before
        // the first frame, which takes it all in one write (FirstFrameCapture).
        cbreak()
        noecho()
        nonl()
        intrflush(shim_stdscr(), false)
        _ = tcgetattr(fileno(input), &programMode)
        // From here curses' descriptor is the writer's pipe: its mode changes fail harmlessly (the
        // backend makes them itself on the input descriptor), its output never blocks the loop.
        writer = TerminalWriter.start(replacing: outputDescriptor, terminal: STDOUT_FILENO)
        self.outputDescriptor = outputDescriptor
        firstFrameCapture = FirstFrameCapture.begin(on: outputDescriptor, into: shim_memory_file())
        // ncurses 6.4 flushes its output at every cursor move until the screen has once been left and
        // resumed (`_nc_mvcur` tests `_endwin == ewInitial`): a bar step would then take two writes, the
        // move and the glyph. Leaving now, before anything is drawn, and resuming in the first frame's
        // `doupdate` (alternate screen, clear and frame in one write) gives one write a frame; nothing
        // was shown in between, so nothing flickers.
        endwin()
        // The start strings and endwin's (enter and leave the alternate screen) are of no use: the
        // first frame's resume writes the start strings again. Only that goes out.
        firstFrameCapture?.discardWritten()
        // Without a memory file `endwin` gave the terminal its shell mode back (echo, lines): the
        // program's mode again until the first frame resumes curses (this writes nothing).
        if firstFrameCapture == nil { reset_prog_mode() }
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
            cellRunCapabilities = Self.cellRunCapabilities()
        }
        measure()
        writeControl(modes.enable)
    }

    /// Gives the terminal back as it was. Safe to call more than once and from any exit path.
    func stop() {
        guard isActive else { return }
        isActive = false
        QuitWatchdog.guardRestore()
        leave()
        terminalRestored.store(true, ordering: .sequentiallyConsistent)
        if let screen { delscreen(screen) }
        screen = nil
        if let outputFile { fclose(outputFile) }
        outputFile = nil
        outputDescriptor = STDOUT_FILENO
        // The restore sequence is the last thing in the pipe: 50 ms for the terminal to take it, then
        // it is given up (the mode is restored already, by ioctl); with the events file's last 50 ms, a
        // quit ends within 100 ms whatever the terminal does.
        writer?.finish(within: 0.05)
        writer = nil
        if let inputFile { fclose(inputFile) }
        inputFile = nil
    }

    /// Leaves curses mode for a suspend (Ctrl-Z): the shell gets a normal terminal.
    func suspend() {
        guard isActive else { return }
        leave()
        // The shell must find the terminal restored: the writer gets up to a second to deliver.
        writer?.drain(within: 1)
    }

    /// Comes back after a suspend: curses mode again, modes on, and a full repaint next frame.
    func resume() {
        guard isActive else { return }
        settle()
        shortcutStyle = nil
        if writer != nil { _ = tcsetattr(inputDescriptor, TCSANOW, &programMode) }
        refresh()
        curs_set(0)
        writeControl(modes.enable)
        updateSize()
        linksOwed = !links.isEmpty
    }

    /// Asks the kernel for the window size and tells curses, after SIGWINCH or a resume.
    func updateSize() {
        guard isActive else { return }
        settle()
        // Curses keeps a screen-sized buffer: never let a claimed size make it huge.
        if let told = TerminalSize.told(columns: nil, lines: nil, terminal: Self.windowSize(of: STDOUT_FILENO)) {
            resize_term(Int32(told.height), Int32(told.width))
        }
        measure()
    }

    /// The size the terminal on `descriptor` claims (`TIOCGWINSZ`), unclamped; nil when it tells none.
    static func windowSize(of descriptor: Int32) -> TerminalSize? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else { return nil }
        return TerminalSize(width: Int(window.ws_col), height: Int(window.ws_row))
    }

    /// The window's size in pixels as the kernel has it (`TIOCGWINSZ`'s ws_xpixel × ws_ypixel); nil when
    /// the terminal tells none (0 × 0).
    static func windowPixels(of descriptor: Int32) -> PixelSize? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0 else { return nil }
        let size = PixelSize(width: Int(window.ws_xpixel), height: Int(window.ws_ypixel))
        return size.isKnown ? size : nil
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Erases the window and has the next `doupdate` clear the terminal and repaint: the next frame
    /// needs to put only the cells that are not blank.
    func invalidate() {
        guard isActive else { return }
        settle()
        repaintPending = true
        cellRun.removeAll(keepingCapacity: true)
        linksOwed = !links.isEmpty
        pictures.erased()
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
    /// How many bytes wait in the writer's pipe for the terminal (0 without a writer).
    var queuedOutput: Int { writer?.queuedBytes ?? 0 }

    func writeAll(_ bytes: [UInt8]) {
        fflush(shim_stdout())
        if writer?.writeDirectly(bytes, pipe: outputDescriptor) == true { return }
        _ = DescriptorWriter.writeAll(outputDescriptor, bytes)
    }

    func takeTypedAhead() -> [UInt8] {
        guard !typedAhead.isEmpty else { return [] }
        defer { typedAhead = [] }
        return typedAhead
    }

    /// How many colours the terminal has (0 without colour).
    var colors: Int { colorCount }

    /// Draws with at most `count` colours from now on (`--colors 256|16|8` below what the description
    /// has, or a description without a twin of that depth, such as tmux's 16): every colour, the layout's
    /// and the pictures', is then the nearest of the first `count`.
    func limitColors(to count: Int) {
        guard count > 0, count < colorCount else { return }
        colorCount = count
    }

    /// Whether curses writes 24-bit colours as they are (a `*-direct` description is in use).
    var isDirectColor: Bool { colorCount >= 0x100_0000 }

    /// A string capability of the terminal, as bytes; nil when it has none.
    static func capability(_ name: String) -> [UInt8]? {
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
        if let capture = firstFrameCapture {
            // No frame was shown: what curses held back set up a screen the terminal never saw.
            firstFrameCapture = nil
            _ = capture.end()
        }
        settle()
        // No frame was shown: what waited for it is not needed, and what undoes it is harmless.
        controlBeforeFirstFrame = nil
        syncCursor()
        // A large picture's upload cut short is finished first: kitty then reads the delete as its own.
        let unfinished = pictures.unfinished()
        if !unfinished.isEmpty { writeAll(unfinished) }
        writeControl(modes.disable)
        pictures.forget()
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
        // Curses' own mode change went to the writer's pipe and failed: the shell's mode, now, by
        // ioctl (TCSANOW: never waiting for output that a stalled terminal does not take).
        if writer != nil { _ = tcsetattr(inputDescriptor, TCSANOW, &savedMode) }
    }

    private func measure() {
        size = TerminalSize(width: Int(shim_cols()), height: Int(shim_lines())).clamped
        // The next frame repaints from a cleared screen, with the cursor at home.
        resting = nil
        drift = 0
        repaintPending = true
        cellRun.removeAll(keepingCapacity: true)
        ledger = ColorPairLedger(width: size.width, height: size.height)
        pairsToFree.removeAll()
        if usesColor { reset_color_pairs() }
        markBottomRight()
        clearok(shim_stdscr(), true)
        pictures.erased()
    }
}

