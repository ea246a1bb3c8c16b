/// The bytes of picture cells written past curses (`CursesBackend+CellRuns`) with as few colour bytes as
/// the cells allow: one SGR where the colours change, carrying only what changed (foreground and
/// background together, `ESC[38;5;n;48;5;mm`, or one of them), none while they stay the same, and none
/// for a colour the cell does not show (a space shows only its background, a full block only its
/// foreground), and a half block, a space or a full block written the other way round when that costs
/// fewer bytes (`mirror`: an upper half in A over B looks as a lower half in B over A, a full block in A
/// as a space on A, 1 byte against 3; curses still holds the cell as it was put, which looks the same,
/// and, since these bytes are the backend's, a space is written, never erased: docs/IMAGES.md, "Any TERM"). Curses writes both colours at every change of pair,
/// whatever changed: for a photo that is ×1.2–×1.4 the bytes chafa writes for the same cells.
///
/// The colours are SGR parameter lists as the terminal's own `setaf`/`setab` write them
/// (`parameters(of:)`), so the forms (`31`, `38;5;n`, `38;2;r;g;b`, `38:2::r:g:b`) are the terminal's, but for
/// a `-direct` description the program chose in TERM's place, whose colon forms become semicolons (`semicolonForm`).
/// The writer starts with the terminal's colours and attributes unknown: its first SGR resets the
/// attributes (`0;`) and sets both colours. It keeps the cursor too, and reaches the next cell with the shorter of the
/// terminal's moves (`place`). Pure, so that the sequences are tested without a terminal
/// (`CellWriterTests`).
struct CellWriter {
    /// What has been written so far.
    private(set) var bytes: [UInt8] = []
    /// The parameters of the terminal's foreground and background as the bytes leave them; nil: unknown.
    private var foreground: [UInt8]?
    private var background: [UInt8]?
    /// Whether an SGR has been written (the first one resets the attributes).
    private var started = false

    /// Which of its two colours a cell shows.
    enum Shows: Equatable {
        case both
        case foregroundOnly
        case backgroundOnly

        /// A space shows its background only, a full block (U+2588) its foreground only.
        init(glyph: some Collection<UInt8>) {
            self.init(Glyph(glyph))
        }

        init(_ glyph: Glyph) {
            switch glyph {
            case .space: self = .backgroundOnly
            case .fullBlock: self = .foregroundOnly
            default: self = .both
            }
        }
    }

    /// One character's bytes, at most four (UTF-8's longest), held in place: a picture writes thousands of
    /// cells a frame, and an array a cell (and one for each look-up of its mirror or what it shows) was a
    /// heap allocation each (issue 24: the first picture's draw).
    struct Glyph: Equatable {
        /// The bytes, first in the lowest byte.
        private let packed: UInt32
        /// How many bytes (0–4).
        let count: Int

        /// The first four bytes of `bytes` (a glyph is one character: never more).
        init(_ bytes: some Collection<UInt8>) {
            var packed: UInt32 = 0, count = 0
            for byte in bytes.prefix(4) {
                packed |= UInt32(byte) << (8 * count)
                count += 1
            }
            self.packed = packed
            self.count = count
        }

        /// The byte at `index` (below `count`).
        subscript(index: Int) -> UInt8 { UInt8(truncatingIfNeeded: packed >> (8 * index)) }

        /// Appends the bytes to `bytes`.
        func append(to bytes: inout [UInt8]) {
            for index in 0..<count { bytes.append(self[index]) }
        }

        static let space = Glyph([0x20])
        static let fullBlock = Glyph([0xE2, 0x96, 0x88])
    }

    /// The terminal's own foreground and background (ECMA-48's `39` and `49`), for a cell with one colour.
    static let defaultForeground: [UInt8] = [0x33, 0x39]
    static let defaultBackground: [UInt8] = [0x34, 0x39]
    /// The blocks a picture draws (▀ ▄ █ ▌ ▐): the cells in one colour over the terminal's that are written here.
    static let blockGlyphs: Set<UInt32> = [0x2580, 0x2584, 0x2588, 0x258C, 0x2590]

    /// Where the cursor is as the bytes leave it; nil: not known (at the start, after `move`).
    private(set) var cursor: (row: Int, column: Int)?

    /// The terminal's cursor moves as its description writes them (the backend's `cup`, `cuf` and `cuf1`).
    struct Moves {
        /// To a cell (`cup`); nil where the description cannot.
        var absolute: (_ row: Int, _ column: Int) -> [UInt8]?
        /// Right by a number of columns in the same row (`cuf1` for one, `cuf`); nil without one.
        var forward: (_ columns: Int) -> [UInt8]?
    }

    /// Appends control bytes that leave the cursor where the writer cannot tell (the terminal's `sc`,
    /// `rc`); colours and attributes stay as they are (the backend writes past curses only where the
    /// terminal has `msgr`).
    mutating func move(_ bytes: [UInt8]) {
        self.bytes.append(contentsOf: bytes)
        cursor = nil
    }

    /// Brings the cursor to a cell for the next `write`: nothing when it is there already, else the
    /// shorter of the terminal's move right (same row, further right: the cells passed keep what curses
    /// drew there) and its absolute move (issue 24: a transparent gap cost a `cup`, 7–8 bytes, where
    /// `ESC[C` is 3). False when no move reaches the cell (the cell is then not written here).
    mutating func place(row: Int, column: Int, moves: Moves) -> Bool {
        if let cursor, cursor == (row, column) { return true }
        let absolute = moves.absolute(row, column)
        var forward: [UInt8]?
        if let cursor, cursor.row == row, column > cursor.column { forward = moves.forward(column - cursor.column) }
        guard let chosen = [forward, absolute].compactMap({ $0 }).min(by: { $0.count < $1.count }) else { return false }
        bytes.append(contentsOf: chosen)
        cursor = (row, column)
        return true
    }

    /// Appends one cell: the SGR its colours need, if any, then its glyph (already encoded). A cell that
    /// looks the same another way (`mirror`) is written that way when it needs fewer colour bytes.
    mutating func write(glyph: some Collection<UInt8>, foreground wantedForeground: [UInt8], background wantedBackground: [UInt8]) {
        let glyph = Glyph(glyph)
        let plain = cost(glyph: glyph, wantedForeground, wantedBackground)
        // The mirror's colours are worked out (two arrays) only where it could cost less: a cell needing no SGR
        // costs its glyph alone, which a mirror as long or longer cannot beat.
        if let mirror = Self.mirror(of: glyph), plain > glyph.count || mirror.glyph.count < glyph.count {
            let (mirrorForeground, mirrorBackground) = mirror.swapsColours
                ? (Self.colour(wantedBackground, as: 0x33), Self.colour(wantedForeground, as: 0x34))
                : (wantedForeground, wantedBackground)
            if let mirrorForeground, let mirrorBackground,
               cost(glyph: mirror.glyph, mirrorForeground, mirrorBackground) < plain {
                append(glyph: mirror.glyph, mirrorForeground, mirrorBackground)
                return
            }
        }
        append(glyph: glyph, wantedForeground, wantedBackground)
    }

    /// Writes the SGR a cell needs and its glyph.
    private mutating func append(glyph: Glyph, _ wantedForeground: [UInt8], _ wantedBackground: [UInt8]) {
        let shows = Shows(glyph)
        let setForeground = shows != .backgroundOnly && foreground != wantedForeground
        let setBackground = shows != .foregroundOnly && background != wantedBackground
        if setForeground || setBackground {
            bytes.append(0x1B)
            bytes.append(0x5B)
            if !started {
                bytes.append(0x30)
                bytes.append(0x3B)
                started = true
            }
            if setForeground {
                bytes.append(contentsOf: wantedForeground)
                foreground = wantedForeground
            }
            if setForeground && setBackground { bytes.append(0x3B) }
            if setBackground {
                bytes.append(contentsOf: wantedBackground)
                background = wantedBackground
            }
            bytes.append(0x6D)
        }
        glyph.append(to: &bytes)
        // One narrow character: the cursor moves one column (the backend never writes the last one).
        if let known = cursor { cursor = (known.row, known.column + 1) }
    }

    /// The bytes `append` would write for a cell: its SGR and its glyph.
    private func cost(glyph: Glyph, _ wantedForeground: [UInt8], _ wantedBackground: [UInt8]) -> Int {
        let shows = Shows(glyph)
        let setForeground = shows != .backgroundOnly && foreground != wantedForeground
        let setBackground = shows != .foregroundOnly && background != wantedBackground
        guard setForeground || setBackground else { return glyph.count }
        return glyph.count + 3 + (started ? 0 : 2) + (setForeground ? wantedForeground.count : 0)
            + (setBackground ? wantedBackground.count : 0) + (setForeground && setBackground ? 1 : 0)
    }

    /// The same look with another glyph: an upper half block in A over B is a lower one in B over A (and
    /// left and right halves alike); a full block in A is a space on A. Nil for any other glyph.
    static func mirror(of glyph: Glyph) -> (glyph: Glyph, swapsColours: Bool)? {
        if glyph == .space { return (.fullBlock, true) }
        guard glyph.count == 3, glyph[0] == 0xE2, glyph[1] == 0x96 else { return nil }
        switch glyph[2] {
        case 0x80: return (lowerHalf, true)
        case 0x84: return (upperHalf, true)
        case 0x8C: return (rightHalf, true)
        case 0x90: return (leftHalf, true)
        case 0x88: return (.space, true)
        default: return nil
        }
    }

    /// The half blocks `mirror` swaps (▀ ▄ ▌ ▐).
    private static let upperHalf = Glyph([0xE2, 0x96, 0x80]), lowerHalf = Glyph([0xE2, 0x96, 0x84])
    private static let leftHalf = Glyph([0xE2, 0x96, 0x8C]), rightHalf = Glyph([0xE2, 0x96, 0x90])

    /// A colour's parameters as the other plane's (`38…` ↔ `48…`, `3n` ↔ `4n`, `9n` ↔ `10n`): `plane`
    /// is the first digit wanted, `3` for a foreground, `4` for a background; nil for a form it does not know
    /// and for the defaults (`39`, `49`: the default background is not the default foreground's colour).
    static func colour(_ parameters: [UInt8], as plane: UInt8) -> [UInt8]? {
        // The terminal's default background is not its default foreground: a default has no mirror.
        guard let first = parameters.first, parameters != defaultForeground, parameters != defaultBackground else { return nil }
        let other: UInt8 = plane == 0x33 ? 0x34 : 0x33
        if first == plane { return parameters }
        if first == other, parameters.count >= 2 { return [plane] + parameters.dropFirst() }
        // The bright forms: 90–97 are foregrounds, 100–107 backgrounds.
        if parameters.count == 2, first == 0x39, plane == 0x34 { return [0x31, 0x30, parameters[1]] }
        if parameters.count == 3, parameters[0] == 0x31, parameters[1] == 0x30, plane == 0x33 { return [0x39, parameters[2]] }
        return nil
    }

    /// A colour's parameters with the ITU colon form (`38:2::r:g:b`, `38:2:r:g:b`, `48:5:n`, as `*-direct`
    /// descriptions write it) in the semicolon one (`38;2;r;g;b`), one or two bytes shorter a colour: the form
    /// chafa and most programs write, and the one the terminals setting COLORTERM=truecolor read. Any other
    /// list comes back as it is.
    static func semicolonForm(of parameters: [UInt8]) -> [UInt8] {
        let fields = parameters.split(separator: 0x3A, omittingEmptySubsequences: false)
        guard fields.count > 1, !parameters.contains(0x3B), fields[0].elementsEqual([0x33, 0x38]) || fields[0].elementsEqual([0x34, 0x38])
        else { return parameters }
        let kept: [ArraySlice<UInt8>]
        if fields.count == 3, fields[1].elementsEqual([0x35]) {
            kept = Array(fields)
        } else if fields[1].elementsEqual([0x32]), fields.count == 5 || fields.count == 6,
                  fields.suffix(3).allSatisfy({ !$0.isEmpty }) {
            kept = [fields[0], fields[1]] + fields.suffix(3)
        } else {
            return parameters
        }
        return Array(kept.joined(separator: [0x3B]))
    }

    /// The parameter list of an SGR sequence (`ESC [ params m`, parameters digits, `;` and `:`), as
    /// `setaf`/`setab` give it for one colour; nil for any other form (that colour is then left to curses).
    static func parameters(of sequence: some Collection<UInt8>) -> [UInt8]? {
        let bytes = Array(sequence)
        guard bytes.count > 3, bytes[0] == 0x1B, bytes[1] == 0x5B, bytes[bytes.count - 1] == 0x6D else { return nil }
        let inner = bytes[2..<(bytes.count - 1)]
        guard inner.allSatisfy({ (0x30...0x3B).contains($0) }), inner.first != 0x3B, inner.last != 0x3B else { return nil }
        return Array(inner)
    }
}
