/// Counts how many cells on screen use each colour pair, so that a pair is freed as soon as no
/// cell shows it: the pair table never fills (pictures use hundreds of pairs, and a story change
/// replaces them all), and the theme's pairs, always on screen, are never evicted.
///
/// Pure bookkeeping: the backend allocates pairs, tells the ledger which pair each cell now has,
/// and frees the pairs `assign` hands back once the frame is on screen.
struct ColorPairLedger: Sendable {
    /// The pair of each cell, row-major; 0 is the default pair, never counted or freed.
    private var cellPairs: [Int32]
    /// How many cells show each pair, indexed by pair number (grown to the largest pair seen): an
    /// array, not a dictionary, so that counting costs no hashing and no generic set-up at start.
    private var counts: [Int] = []
    /// Pairs in use by at least one cell.
    private(set) var pairsInUse = 0
    let width: Int

    init(width: Int, height: Int) {
        self.width = max(0, width)
        cellPairs = Array(repeating: 0, count: self.width * max(0, height))
    }

    /// Records that a cell now shows `pair`; returns a pair no cell shows any more, to be freed.
    mutating func assign(_ pair: Int32, row: Int, column: Int) -> Int32? {
        guard column >= 0, column < width, row >= 0, pair >= 0 else { return nil }
        let index = row * width + column
        guard index < cellPairs.count else { return nil }
        let old = cellPairs[index]
        guard old != pair else { return nil }
        cellPairs[index] = pair
        if pair != 0 {
            let slot = Int(pair)
            if slot >= counts.count { counts += Array(repeating: 0, count: slot + 1 - counts.count) }
            if counts[slot] == 0 { pairsInUse += 1 }
            counts[slot] += 1
        }
        guard old != 0, isInUse(old) else { return nil }
        counts[Int(old)] -= 1
        guard counts[Int(old)] == 0 else { return nil }
        pairsInUse -= 1
        return old
    }

    /// Whether a pair is shown by some cell.
    func isInUse(_ pair: Int32) -> Bool { pair > 0 && Int(pair) < counts.count && counts[Int(pair)] > 0 }
}
