import CImages
import Testing

/// `cimg_map_to_palette`'s cells pinned to what the full search gave: the search looks only at the entries
/// within reach of a colour, and the table of mixes computes each pair once (docs/IMAGES.md, "Fewer
/// colours"); neither may change a cell.
@Suite("Images: the palette mapping's cells")
struct PaletteMappingTests {
    /// 5 192 cells of random colours (every kind of cell: space, full, upper, lower and left half, a few
    /// halves over transparency), from a fixed linear congruential sequence.
    static func cells() -> [cimg_cell] {
        var state: UInt32 = 12345
        func next() -> Int32 {
            state = state &* 1_103_515_245 &+ 12345
            return Int32(bitPattern: (state >> 8) & 0xFF_FFFF)
        }
        let kinds: [UInt32] = [0x20, 0x2588, 0x2580, 0x2584, 0x258C]
        return (0..<59 * 88).map { index in
            let foreground = next(), background = next()
            return cimg_cell(codepoint: kinds[index % 5], foreground: index % 97 == 0 ? -1 : foreground,
                             background: background)
        }
    }

    /// FNV-1a over each cell's code point, foreground and background, little-endian.
    static func digest(_ cells: [cimg_cell]) -> UInt64 {
        var hash: UInt64 = 14_695_981_039_346_656_037
        for cell in cells {
            for value in [cell.codepoint, UInt32(bitPattern: cell.foreground), UInt32(bitPattern: cell.background)] {
                for byte in 0..<4 {
                    hash ^= UInt64((value >> (8 * UInt32(byte))) & 0xFF)
                    hash = hash &* 1_099_511_628_211
                }
            }
        }
        return hash
    }

    /// The digests of the full search's cells (palette.c before the search was cut, 2026-12-02; Debian 12's
    /// libm: the Lab conversion uses cbrt and pow).
    @Test("each palette's cells for 5 192 random colours are the full search's", arguments: [
        (CIMG_MODE_INDEXED_240, UInt64(0x1bac_8a5d_0b77_c9c3)),
        (CIMG_MODE_INDEXED_16, UInt64(0x0875_d14d_306d_ad07)),
        (CIMG_MODE_INDEXED_8, UInt64(0x711e_a3b9_ac51_b3b0)),
    ])
    func sameCells(mode: cimg_mode, expected: UInt64) {
        var cells = Self.cells()
        cells.withUnsafeMutableBufferPointer { cimg_map_to_palette($0.baseAddress, 59, 88, mode) }
        #expect(Self.digest(cells) == expected)
        // Mapped again, the thread's cache answering: the same cells.
        var again = Self.cells()
        again.withUnsafeMutableBufferPointer { cimg_map_to_palette($0.baseAddress, 59, 88, mode) }
        #expect(Self.digest(again) == expected)
    }
}
