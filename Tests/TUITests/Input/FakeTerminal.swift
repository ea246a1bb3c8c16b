@testable import TUI
@testable import ViewerCore

/// A terminal for the keyboard protocol tests: reads what the program writes (`CSI ? u`, DA1 `CSI c`,
/// push `CSI > flags u`, pop `CSI < u`), keeps the kitty flag stack, and answers after `latency` the way a
/// family of terminals does.
struct FakeTerminal {
    enum Family {
        /// kitty, foot, WezTerm, Ghostty…: answers both queries and applies pushes and pops.
        case kitty
        /// tmux, VTE, xterm: answers DA1 only.
        case deviceAttributesOnly
        /// Answers nothing at all.
        case silent
        /// Answers both queries but does not apply a push (the flags stay 0).
        case ignoresPush
        /// Applies only the flags in this mask.
        case supports(Int)
        /// Answers the first query and DA1, then nothing.
        case answersOnce
    }

    let family: Family
    let latency: Double
    private(set) var flags = 0
    private(set) var stack: [Int] = []
    private(set) var written: [UInt8] = []
    private var replies: [(time: Double, bytes: [UInt8])] = []
    private var answered = 0

    init(_ family: Family, latency: Double = 0.01) {
        self.family = family
        self.latency = latency
    }

    /// When the next reply reaches the program.
    var nextReplyTime: Double? { replies.first?.time }

    /// What the program writes at `now`.
    mutating func write(_ bytes: [UInt8], at now: Double) {
        written += bytes
        // Each write is a run of `ESC [ body final`.
        var rest = bytes[...]
        while let start = rest.firstIndex(of: 0x1B),
              let end = rest[(start + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }),
              let sequence = ControlSequence(body: rest[(start + 2)..<end], final: rest[end]) {
            perform(sequence, at: now)
            rest = rest[(end + 1)...]
        }
    }

    /// The replies that reached the program by `now`.
    mutating func read(at now: Double) -> [UInt8] {
        let due = replies.prefix { $0.time <= now }
        replies.removeFirst(due.count)
        return due.flatMap(\.bytes)
    }

    private mutating func perform(_ sequence: ControlSequence, at now: Double) {
        switch (sequence.marker, sequence.final) {
        case (UInt8(ascii: "?"), UInt8(ascii: "u")):
            if answersFlags { reply("\u{1B}[?\(flags)u", at: now) }
        case (nil, UInt8(ascii: "c")):
            if answersDeviceAttributes { reply("\u{1B}[?62;22c", at: now) }
            answered += 1
        case (UInt8(ascii: ">"), UInt8(ascii: "u")):
            stack.append(flags)
            flags = applied(sequence.value(0) ?? 0)
        case (UInt8(ascii: "<"), UInt8(ascii: "u")):
            for _ in 0..<(sequence.value(0) ?? 1) { flags = stack.popLast() ?? 0 }
        default:
            break
        }
    }

    private var answersFlags: Bool {
        switch family {
        case .kitty, .ignoresPush, .supports: return true
        case .answersOnce: return answered == 0
        case .deviceAttributesOnly, .silent: return false
        }
    }

    private var answersDeviceAttributes: Bool {
        switch family {
        case .silent: return false
        case .answersOnce: return answered == 0
        default: return true
        }
    }

    private func applied(_ requested: Int) -> Int {
        switch family {
        case .ignoresPush: return flags
        case .supports(let mask): return requested & mask
        default: return requested
        }
    }

    private mutating func reply(_ text: String, at now: Double) {
        replies.append((now + latency, Array(text.utf8)))
    }
}
