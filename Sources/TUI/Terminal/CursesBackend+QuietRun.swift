import CNCurses
import Glibc
import ViewerCore

/// A quiet run's steps past curses (`Viewer`'s quiet run, docs/ARCHITECTURE.md): the bytes of every step worked
/// out at once, as `writeShortcut` would write each (`QuietRunBytes`), then written one a step straight to the
/// terminal; at the end curses is told of the cells written (`owed`, `settle`) and the cursor's drift, exactly
/// as after as many shortcuts.
extension CursesBackend {
    /// Works out the bytes of each cell; false unless every one can go as a shortcut in the style the terminal
    /// is already in (the last shortcut's), with nothing else owed to the terminal.
    func prepareQuietRun(_ cells: [PlacedCell?]) -> Bool {
        guard isActive, putCount == 0, heldPut == nil, !repaintPending, pairsToFree.isEmpty, !linksOwed,
              !pictures.isOwed, let cursorLeft, let shortcutStyle else { return false }
        quietRun.removeAll()
        var drift = self.drift
        for placed in cells {
            if let placed {
                guard Self.same(shownStyle(of: placed.cell), shortcutStyle), !links.contains(where: { $0.row == placed.row }),
                      let move = shortcutMove(placed, drift: drift),
                      let glyph = Self.encodedGlyph(placed.cell, utf8: utf8Locale) else { return false }
                drift += move.advance
                quietRun.append(placed, drift: drift) { glyph.append(move, cursorLeft: cursorLeft, to: &$0) }
            } else {
                quietRun.append(nil, drift: drift) { _ in }
            }
        }
        // Nothing of curses' may wait in its stream behind a step written directly.
        fflush(shim_stdout())
        return true
    }

    /// Writes step `index`'s bytes, as `writeShortcut` writes a step's.
    func writeQuietStep(_ index: Int) {
        quietRun.withStep(index) { bytes in
            guard !bytes.isEmpty, writer?.writeDirectly(bytes, pipe: outputDescriptor, quiet: true) != true else { return }
            _ = DescriptorWriter.writeAll(outputDescriptor, Array(bytes))
        }
    }

    /// Where the quiet run's steps may be written past `writeQuietStep` (`PollingHost.runQuiet`'s C loop).
    var quietTarget: (descriptor: Int32, lock: UnsafeMutablePointer<pthread_mutex_t>)? { writer?.quietTarget }

    /// Step `index`, of which the C loop wrote `written` bytes (none when the writer's thread held the lock): the
    /// rest goes the usual way (`writeDirectly`, else into the pipe behind what the thread writes).
    func finishQuietStep(_ index: Int, after written: Int) {
        quietRun.withStep(index) { bytes in
            let rest = UnsafeRawBufferPointer(rebasing: bytes[min(written, bytes.count)...])
            guard !rest.isEmpty else { return }
            writer?.forgetEmpty()
            _ = DescriptorWriter.writeAll(outputDescriptor, Array(rest))
        }
    }

    /// Curses is told of the first `count` steps' cells, and the cursor is where they left it.
    func endQuietRun(written count: Int) {
        let count = min(count, quietRun.count)
        guard count > 0 else { return }
        drift = quietRun.drifts[count - 1]
        for placed in quietRun.cells.prefix(count) {
            if let placed { owed.append(placed) }
        }
        if owed.count >= Self.owedLimit { settle() }
    }
}
