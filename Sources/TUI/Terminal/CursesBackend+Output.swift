import CNCurses
import Glibc
import ViewerCore

/// Bytes past curses (control sequences, pictures, links: all through `writeAll`), typed-ahead input,
/// and what the terminal can show (its colours, its capabilities, how to give it back in a crash).
extension CursesBackend {
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

    /// `quiet`: a bar step's bytes, with nothing but bar steps written since the last
    /// (`TerminalWriter.writeDirectly(_:pipe:quiet:)`).
    func writeAll(_ bytes: [UInt8], quiet: Bool = false) {
        fflush(shim_stdout())
        if writer?.writeDirectly(bytes, pipe: outputDescriptor, quiet: quiet) == true { return }
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
}
