import Glibc

/// The paths of the temporary files not yet known to be gone, in fixed slots made once, so that the crash
/// handler and the quit watchdog can unlink them with async-signal-safe calls alone: a slot is a NUL-ended
/// path whose first byte is written last (0: free).
private nonisolated(unsafe) var fileSlots: UnsafeMutablePointer<CChar>?
/// The folder the files are made in (TMPDIR, else /tmp), chosen once by `prepare`.
private nonisolated(unsafe) var fileFolder = "/tmp"

/// Kitty's temporary files (docs/IMAGES.md, "Kitty pictures by file"): the start-up probe's and each picture's
/// sent by file (`t=t`), made with mkstemp (mode 0600) in TMPDIR (else /tmp) with `tty-graphics-protocol` in
/// their names, as kitty asks before it deletes a file it read. Kitty deletes what it read; what it did not (a
/// terminal that cannot read them, a quit before it got to them, a crash) is deleted here: the oldest once
/// `slotCount` are waiting, every one at the probe's end (`remove`) and on every way out (`removeAll`: the
/// backend's stop, the quit watchdog, the crash handler). Only the main loop makes and forgets files.
enum KittyTemporaryFiles {
    /// How many files may wait for the terminal at once; a new one past them deletes the oldest.
    static let slotCount = 16
    /// The longest path kept (Linux PATH_MAX); a longer folder makes no files.
    static let slotBytes = 4096
    /// The start of every file's name: kitty deletes a `t=t` file only when its name holds
    /// `tty-graphics-protocol` (and it lies in a temporary folder).
    static let namePrefix = "tty-graphics-protocol-stories-tui-"

    /// The order the slots were filled in (the main loop's alone; the handlers read only the slots).
    private nonisolated(unsafe) static var filled: [Int] = []

    /// Makes the slots and picks the folder: TMPDIR when it is an absolute path, else /tmp. Call before
    /// any handler may run (at start-up, with `CrashGuard.install`); again is harmless.
    static func prepare(temporaryFolder: String?) {
        if let folder = temporaryFolder, folder.hasPrefix("/") {
            fileFolder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        }
        guard fileSlots == nil else { return }
        // calloc: memory fresh from the system is known to be zero and left untouched (64 KB cleared here
        // was 2 % of the start's instructions and 16 page faults, in every terminal, kitty or not).
        fileSlots = calloc(slotCount, slotBytes)?.bindMemory(to: CChar.self, capacity: slotCount * slotBytes)
    }

    /// A new temporary file holding `data` (written whole), kept in a slot until it is gone; nil when none
    /// could be made or written (no slots, a full or read-only folder).
    static func create(holding data: ArraySlice<UInt8>) -> String? {
        guard fileSlots != nil else { return nil }
        var template = Array((fileFolder + "/" + namePrefix + "XXXXXX").utf8CString)
        guard template.count <= slotBytes else { return nil }
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { return nil }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        keep(template)
        let written = writeAll(descriptor, data)
        close(descriptor)
        guard written else {
            remove(path)
            return nil
        }
        return path
    }

    /// Deletes `path` if it is one of these files (the probe's, once the probe settled), and forgets it.
    static func remove(_ path: String) {
        guard let slots = fileSlots else { return }
        let bytes = Array(path.utf8CString)
        for slot in filled where slotPath(slots, slot) == bytes {
            unlink(slots + slot * slotBytes)
            slots[slot * slotBytes] = 0
        }
        filled.removeAll { slots[$0 * slotBytes] == 0 }
    }

    /// Deletes every file the terminal may not have read: async-signal-safe (unlink and loads only), for the
    /// crash handler and the quit watchdog as for a normal exit.
    static func removeAll() {
        guard let slots = fileSlots else { return }
        for slot in 0..<slotCount where slots[slot * slotBytes] != 0 {
            unlink(slots + slot * slotBytes)
            slots[slot * slotBytes] = 0
        }
    }

    /// The paths kept now (for the tests: what would be left behind).
    static var waiting: [String] {
        guard let slots = fileSlots else { return [] }
        return (0..<slotCount).filter { slots[$0 * slotBytes] != 0 }.map { String(cString: slots + $0 * slotBytes) }
    }

    /// Puts `path` (NUL-ended) in a free slot, after forgetting the files the terminal already deleted; with
    /// none free, the oldest file is deleted for it.
    private static func keep(_ path: [CChar]) {
        guard let slots = fileSlots else { return }
        filled.removeAll { slot in
            let gone = access(slots + slot * slotBytes, F_OK) != 0
            if gone { slots[slot * slotBytes] = 0 }
            return gone
        }
        var slot = (0..<slotCount).first { slots[$0 * slotBytes] == 0 }
        if slot == nil, let oldest = filled.first {
            unlink(slots + oldest * slotBytes)
            slots[oldest * slotBytes] = 0
            filled.removeFirst()
            slot = oldest
        }
        guard let slot else { return }
        let start = slots + slot * slotBytes
        // The first byte last: a handler reading meanwhile sees a free slot, never half a path.
        for index in 1..<path.count { start[index] = path[index] }
        start[0] = path[0]
        filled.append(slot)
    }

    private static func slotPath(_ slots: UnsafeMutablePointer<CChar>, _ slot: Int) -> [CChar] {
        let start = slots + slot * slotBytes
        return Array(UnsafeBufferPointer(start: start, count: strlen(start) + 1))
    }

    /// Writes all of `bytes` to `descriptor` (a regular file: short writes only on a full disk or a signal).
    private static func writeAll(_ descriptor: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                return write(descriptor, base + offset, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
