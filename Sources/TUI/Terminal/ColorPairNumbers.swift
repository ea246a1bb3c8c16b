/// The numbers of the colour pairs the backend defines (`init_extended_pair`), each pair of colours one number,
/// a released number before a new one. ncurses' own `alloc_pair` hands out the next number above the last one until
/// its table reaches the terminal's `pairs` (65 536 under `tmux-256color`) before it reuses a freed one, so a
/// deck of photos, each a thousand pairs, grew the table (20 bytes a pair, doubled as it goes) and the
/// ledger's counts (8 a pair) to 2 MiB (issue 24: a viewer with 100 picture stories peaked at 13 MiB). Here a
/// freed number is the next one handed out, so the numbers stay below the most pairs ever on screen at once.
///
/// Pure bookkeeping (`ColorPairNumbersTests`): the backend defines a pair when `number` says it is new, and
/// releases a number once no cell on screen shows it (`ColorPairLedger`).
struct ColorPairNumbers: Sendable {
    /// A pair's colours as curses numbers them (-1: the terminal's default).
    struct Colors: Hashable, Sendable {
        let foreground: Int32
        let background: Int32
    }

    /// The highest number plus one (curses' COLOR_PAIRS); 0 is the default pair, never handed out.
    let limit: Int32
    private var numbers: [Colors: Int32] = [:]
    /// The colours of each number handed out, indexed by number (the default colours for a free one).
    private var colors: [Colors] = []
    /// Released numbers, the most recent last: handed out again before any new one.
    private var free: [Int32] = []

    init(limit: Int32) {
        self.limit = max(0, limit)
    }

    /// The number of a pair of colours and whether it is new (to be defined before use); nil when every
    /// number is taken.
    mutating func number(for wanted: Colors) -> (pair: Int32, isNew: Bool)? {
        if let known = numbers[wanted] { return (known, false) }
        let pair: Int32
        if let reused = free.popLast() {
            pair = reused
        } else if Int32(colors.count) + 1 < limit {
            pair = Int32(colors.count) + 1
            colors.append(wanted)
        } else {
            return nil
        }
        colors[Int(pair) - 1] = wanted
        numbers[wanted] = pair
        return (pair, true)
    }

    /// Gives a number back (no cell shows it any more); its colours are forgotten.
    mutating func release(_ pair: Int32) {
        let index = Int(pair) - 1
        guard index >= 0, index < colors.count, numbers[colors[index]] == pair else { return }
        numbers[colors[index]] = nil
        free.append(pair)
    }

    /// How many numbers were ever handed out: the size of curses' pair table.
    var highest: Int { colors.count }
}
