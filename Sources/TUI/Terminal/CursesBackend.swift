import CNCurses
import Glibc
import ViewerCore

/// The only type that talks to ncursesw, and only for output: it sets the terminal up and always
/// restores it (this file; the terminal description it runs under, `+Description`), follows its size
/// (`+Size`), writes control bytes past curses (`+Output`), puts the cells `Screen` found changed and
/// shows them with one `doupdate` (`+Cells`), or, when one narrow cell changed beside the resting cursor
/// (a bar step), writes it itself and tells curses later (`+Shortcut`). Input is read from `inputDescriptor` by the viewer and
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
    private(set) var outputDescriptor: Int32 = STDOUT_FILENO
    /// The thread that writes to the terminal; nil when it could not be had (output then goes straight
    /// to the terminal, as it comes).
    private(set) var writer: TerminalWriter?
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
    /// The colour pairs' numbers (`ColorPairNumbers`), started again with curses' table.
    var pairNumbers = ColorPairNumbers(limit: 0)
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
    /// The steps of the quiet run being written (`+QuietRun`).
    @exclusivity(unchecked) var quietRun = QuietRunBytes()
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
    /// Whether cells past curses may name the terminal's default colours as `39` and `49` (its `op` is `ESC[39;49m`).
    var cellRunDefaultColors = false
    /// Whether picture cells write RGB colours as `38;2;r;g;b` whatever form the description has (it is not TERM's).
    var semicolonColors = false
    /// The pixel pictures on the terminal and of the next frame (`CursesBackend+Pictures`).
    var pictures = PictureWriter()
    /// How many looks in a row for the next piece found the terminal still behind (slower than believed, or
    /// stopped): each doubles the wait before the next look (`outputWait`), up to a frame.
    var outputLooksInVain = 0

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
        let created = Self.newScreen(term: term, color: color, candidates: candidates, colors: colors, fallback: fallback,
                                     output: output, input: input, mode: &savedMode)
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
        // Without a capture curses writes into the pipe from here: its thread must copy it now.
        if firstFrameCapture == nil { startThreads() }
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
            // `op` as ECMA-48's two defaults: `39` and `49` then name them one at a time.
            cellRunDefaultColors = Self.capability("op") == Array("\u{1B}[39;49m".utf8)
            // A `-direct` description chosen for COLORTERM or the RGB flag, not TERM's own: its colon forms
            // are ours to pick, and picture cells take the shorter semicolon ones (`CellWriter.semicolonForm`).
            semicolonColors = termname().map { String(cString: $0) } != term
        }
        measure()
        writeControl(modes.enable)
    }

    /// The writer's and the quit watchdog's threads, once the first frame is out (or at once without a capture):
    /// none is created before it (`TerminalWriter.startCopying`).
    func startThreads() {
        writer?.startCopying()
        QuitWatchdog.startThread()
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
        // Kitty's temporary files it did not read (it deletes those it did): none is left behind.
        KittyTemporaryFiles.removeAll()
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
        writer?.forgetEmpty()
        refresh()
        curs_set(0)
        writeControl(modes.enable)
        updateSize()
        linksOwed = !links.isEmpty
    }

    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
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
        writer?.forgetEmpty()
        // Curses' own mode change went to the writer's pipe and failed: the shell's mode, now, by
        // ioctl (TCSANOW: never waiting for output that a stalled terminal does not take).
        if writer != nil { _ = tcsetattr(inputDescriptor, TCSANOW, &savedMode) }
    }

    /// Takes the screen's size from curses and starts over from a cleared screen.
    func measure() {
        size = TerminalSize(width: Int(shim_cols()), height: Int(shim_lines())).clamped
        // The next frame repaints from a cleared screen, with the cursor at home.
        resting = nil
        drift = 0
        repaintPending = true
        cellRun.removeAll(keepingCapacity: true)
        ledger = ColorPairLedger(width: size.width, height: size.height)
        pairsToFree.removeAll()
        if usesColor {
            reset_color_pairs()
            pairNumbers = ColorPairNumbers(limit: shim_color_pairs())
        }
        markBottomRight()
        clearok(shim_stdscr(), true)
        pictures.erased()
    }
}

