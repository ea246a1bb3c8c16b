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
            if glyph.elementsEqual([0x20]) {
                self = .backgroundOnly
            } else if glyph.elementsEqual([0xE2, 0x96, 0x88]) {
                self = .foregroundOnly
            } else {
                self = .both
            }
        }
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
        let glyph = Array(glyph)
        if let mirror = Self.mirror(of: glyph) {
            let (mirrorForeground, mirrorBackground) = mirror.swapsColours
                ? (Self.colour(wantedBackground, as: 0x33), Self.colour(wantedForeground, as: 0x34))
                : (wantedForeground, wantedBackground)
            if let mirrorForeground, let mirrorBackground,
               cost(glyph: mirror.glyph, mirrorForeground, mirrorBackground) < cost(glyph: glyph, wantedForeground, wantedBackground) {
                append(glyph: mirror.glyph, mirrorForeground, mirrorBackground)
                return
            }
        }
        append(glyph: glyph, wantedForeground, wantedBackground)
    }

    /// Writes the SGR a cell needs and its glyph.
    private mutating func append(glyph: [UInt8], _ wantedForeground: [UInt8], _ wantedBackground: [UInt8]) {
        let shows = Shows(glyph: glyph)
        let setForeground = shows != .backgroundOnly && foreground != wantedForeground
        let setBackground = shows != .foregroundOnly && background != wantedBackground
        if setForeground || setBackground {
            bytes.append(contentsOf: [0x1B, 0x5B])
            if !started {
                bytes.append(contentsOf: [0x30, 0x3B])
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
        bytes.append(contentsOf: glyph)
        // One narrow character: the cursor moves one column (the backend never writes the last one).
        if let known = cursor { cursor = (known.row, known.column + 1) }
    }

    /// The bytes `append` would write for a cell: its SGR and its glyph.
    private func cost(glyph: [UInt8], _ wantedForeground: [UInt8], _ wantedBackground: [UInt8]) -> Int {
        let shows = Shows(glyph: glyph)
        let setForeground = shows != .backgroundOnly && foreground != wantedForeground
        let setBackground = shows != .foregroundOnly && background != wantedBackground
        guard setForeground || setBackground else { return glyph.count }
        return glyph.count + 3 + (started ? 0 : 2) + (setForeground ? wantedForeground.count : 0)
            + (setBackground ? wantedBackground.count : 0) + (setForeground && setBackground ? 1 : 0)
    }

    /// The same look with another glyph: an upper half block in A over B is a lower one in B over A (and
    /// left and right halves alike); a full block in A is a space on A. Nil for any other glyph.
    static func mirror(of glyph: [UInt8]) -> (glyph: [UInt8], swapsColours: Bool)? {
        if glyph == [0x20] { return ([0xE2, 0x96, 0x88], true) }
        guard glyph.count == 3, glyph[0] == 0xE2, glyph[1] == 0x96 else { return nil }
        switch glyph[2] {
        case 0x80: return ([0xE2, 0x96, 0x84], true)
        case 0x84: return ([0xE2, 0x96, 0x80], true)
        case 0x8C: return ([0xE2, 0x96, 0x90], true)
        case 0x90: return ([0xE2, 0x96, 0x8C], true)
        case 0x88: return ([0x20], true)
        default: return nil
        }
    }

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
