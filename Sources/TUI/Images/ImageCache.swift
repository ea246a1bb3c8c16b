import Engine
import ViewerCore

/// Converted grids and failures, least recently used first out, within a budget of bytes. A few
/// hundred entries at most: eviction looks for the oldest by a linear scan.
struct ImageCache {
    /// The most bytes of cells kept (an 80×24 grid is about 45 KB), except that the `minimumKept` most
    /// recently used entries stay whatever they cost (the story shown, its neighbours, one more).
    let budget: Int
    let minimumKept: Int
    private var entries: [ImageCacheKey: Entry] = [:]
    private var clock: UInt64 = 0
    /// Bytes held now.
    private(set) var cost = 0

    private struct Entry {
        let outcome: Result<ImageCells, ImageProblem>
        let cost: Int
        var used: UInt64
    }

    /// 8 MiB by default: about 180 full-screen grids.
    init(budget: Int = 8 << 20, minimumKept: Int = 0) {
        self.budget = budget
        self.minimumKept = minimumKept
    }

    /// How many entries are kept.
    var count: Int { entries.count }

    /// The outcome kept for a key, marked as just used.
    mutating func outcome(for key: ImageCacheKey) -> Result<ImageCells, ImageProblem>? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.used = clock
        entries[key] = entry
        return entry.outcome
    }

    /// Keeps an outcome, evicting the least recently used ones past the budget. A grid larger
    /// than the whole budget is not kept.
    mutating func store(_ outcome: Result<ImageCells, ImageProblem>, for key: ImageCacheKey) {
        let size: Int
        switch outcome {
        case let .success(cells): size = cells.memoryCost
        case .failure: size = 256
        }
        guard size <= budget || minimumKept > 0 else { return }
        if let old = entries.removeValue(forKey: key) { cost -= old.cost }
        while cost + size > budget, entries.count >= minimumKept, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
            cost -= oldest.value.cost
            entries.removeValue(forKey: oldest.key)
        }
        clock += 1
        entries[key] = Entry(outcome: outcome, cost: size, used: clock)
        cost += size
    }

    /// Forgets everything (a reload of the deck keeps it; a change of mode makes it useless).
    mutating func removeAll() {
        entries.removeAll()
        cost = 0
    }
}
