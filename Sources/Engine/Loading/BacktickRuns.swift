/// The runs of backticks in a text, found once, so that each code span finds its closing run without
/// searching the rest of the text again (CommonMark: a run closes the span that opened with as many).
struct BacktickRuns {
    /// For each run length, the start of every run that long, in order.
    private var startsByLength: [Int: [Int]] = [:]
    /// The length of the run that starts at an index.
    private var lengthAt: [Int: Int] = [:]

    init(_ bytes: [UInt8]) {
        let backtick = UInt8(ascii: "`")
        var index = 0
        while index < bytes.count {
            guard bytes[index] == backtick else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && bytes[end] == backtick { end += 1 }
            startsByLength[end - index, default: []].append(index)
            lengthAt[index] = end - index
            index = end
        }
    }

    /// The length of the run starting at `index` (1 when none is known there).
    func length(at index: Int) -> Int { lengthAt[index] ?? 1 }

    /// Where the first run of `length` backticks after `index` starts, or nil.
    func closing(after index: Int, length: Int) -> Int? {
        guard let starts = startsByLength[length] else { return nil }
        // Binary search: the first start after `index`.
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= index { low = middle + 1 } else { high = middle }
        }
        return low < starts.count ? starts[low] : nil
    }
}
