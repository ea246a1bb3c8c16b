/// Keeps the first problems of a deck in file order, up to a limit, and only counts the rest: a deck with a
/// million problems costs no more memory than one with a hundred (docs/RELIABILITY.md).
///
/// File order is by line, then column; problems without a position come first; ties keep the order in which
/// they were added.
struct ProblemCollector: Sendable {
    /// The most problems kept.
    let limit: Int
    /// Problems kept so far with the order they were added in; at most twice `limit` between two trims.
    private var kept: [(problem: DeckProblem, order: Int)] = []
    /// Problems added, kept or not.
    private(set) var count = 0
    /// Once problems were dropped: the sort key of the last one kept. A problem after it is only counted.
    private var cutoff: SortKey?

    init(limit: Int = DeckLimits.maximumReportedProblems) {
        self.limit = max(1, limit)
    }

    var isEmpty: Bool { count == 0 }

    /// Whether a problem at this position would be kept (so that its message parts are worth building).
    func accepts(line: Int?, column: Int?) -> Bool {
        guard let cutoff else { return true }
        return SortKey(line: line, column: column, order: count) < cutoff
    }

    /// Adds a problem (kept if it is among the first `limit` in file order so far).
    mutating func add(_ problem: DeckProblem) {
        if accepts(line: problem.line, column: problem.column) {
            kept.append((problem, count))
            if kept.count >= 2 * limit { trim() }
        }
        count += 1
    }

    /// Counts a problem that `accepts` refused, without building it.
    mutating func addRefused() {
        count += 1
    }

    /// Adds every problem of `other`, after this collector's own (they come first among problems at one position).
    mutating func append(_ other: ProblemCollector) {
        for problem in other.problems {
            add(problem)
        }
        count += other.omitted
    }

    /// The problems kept, in file order.
    var problems: [DeckProblem] {
        sortedKept().prefix(limit).map(\.problem)
    }

    /// How many problems were added but are not in `problems`.
    var omitted: Int { count - min(kept.count, limit) }

    private func sortedKept() -> [(problem: DeckProblem, order: Int)] {
        kept.sorted { key($0) < key($1) }
    }

    private func key(_ entry: (problem: DeckProblem, order: Int)) -> SortKey {
        SortKey(line: entry.problem.line, column: entry.problem.column, order: entry.order)
    }

    /// Keeps the first `limit` problems and remembers where they end.
    private mutating func trim() {
        kept = Array(sortedKept().prefix(limit))
        if let last = kept.last { cutoff = key(last) }
    }

    /// Where a problem sorts: by line, column, then the order it was added in.
    private struct SortKey: Comparable {
        var line: Int
        var column: Int
        var order: Int

        init(line: Int?, column: Int?, order: Int) {
            self.line = line ?? 0
            self.column = column ?? 0
            self.order = order
        }

        static func < (left: SortKey, right: SortKey) -> Bool {
            (left.line, left.column, left.order) < (right.line, right.column, right.order)
        }
    }
}
