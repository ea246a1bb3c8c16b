import ViewerCore

/// A quiet run's steps as the terminal is sent them (`CursesBackend+QuietRun`): every step's bytes (a move and
/// a glyph, 3–4 bytes in UTF-8) one after the other in one small buffer, where each ends, and how far right of
/// curses' resting cursor each leaves the cursor. Built once a run, so that a step writes a slice of it and
/// touches nothing else of the backend.
struct QuietRunBytes {
    /// The steps' bytes, one after the other.
    private(set) var bytes: [UInt8] = []
    /// Where each step's bytes end in `bytes` (a step with no cell ends where the one before did).
    private(set) var ends: [Int] = []
    /// The cursor's drift (`CursesBackend.drift`) after each step, and the cell each wrote.
    private(set) var drifts: [Int] = []
    private(set) var cells: [PlacedCell?] = []

    /// Empties it for a new run, keeping the storage.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        drifts.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
    }

    /// Adds a step: its cell (nil: none), the bytes `write` appends for it, and the drift after it.
    mutating func append(_ cell: PlacedCell?, drift: Int, write: (inout [UInt8]) -> Void) {
        write(&bytes)
        ends.append(bytes.count)
        drifts.append(drift)
        cells.append(cell)
    }

    /// How many steps.
    var count: Int { ends.count }

    /// The buffer and the ends, in place (for `c_quiet_run`).
    func withBuffers<Result>(_ body: (UnsafeRawBufferPointer, UnsafeBufferPointer<Int>) -> Result) -> Result {
        bytes.withUnsafeBytes { bytes in ends.withUnsafeBufferPointer { body(bytes, $0) } }
    }

    /// Step `index`'s bytes, in place.
    func withStep<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<ends[index]])) }
    }
}
