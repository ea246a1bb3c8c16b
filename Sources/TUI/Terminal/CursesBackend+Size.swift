import CNCurses
import Glibc
import ViewerCore

/// The terminal's size: what the kernel says, what curses is told, and the repaint a new size or an
/// `invalidate` asks for.
extension CursesBackend {
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
    func markBottomRight() {
        guard size.width > 0, size.height > 0 else { return }
        put(Cell.blank(), row: size.height - 1, column: size.width - 1)
    }
}
