import CImages
import Testing
@testable import TUI

/// `cimg_convert_frame`: a moving picture's frame converts only the cells whose pixels changed since the frame
/// before, and the cells it hands out are those a conversion of the whole frame gives (docs/IMAGES.md, "Cells that
/// did not change").
@Suite struct FrameCellsTests {
    static let columns = 12, rows = 6

    /// RGBA pixels at 8 × 8 a cell (chafa's cell: the frame's scaling is then none, so a pixel belongs to one
    /// cell), a pattern that gives chafa half blocks of varied colours.
    static func frame(columns: Int = columns, rows: Int = rows, seed: Int = 0) -> [UInt8] {
        let width = columns * 8, height = rows * 8
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let at = (y * width + x) * 4
                pixels[at] = UInt8((x * 7 + y * 3 + seed) & 0xFF)
                pixels[at + 1] = UInt8((y * 11 + (x / 4) * 29) & 0xFF)
                pixels[at + 2] = UInt8(((x ^ y) * 5) & 0xFF)
            }
        }
        return pixels
    }

    /// Paints a rectangle of pixels (in cells) a flat colour.
    static func paint(_ pixels: inout [UInt8], cells: (x: Range<Int>, y: Range<Int>), columns: Int = columns,
                      color: (UInt8, UInt8, UInt8)) {
        let width = columns * 8
        for y in cells.y.lowerBound * 8..<cells.y.upperBound * 8 {
            for x in cells.x.lowerBound * 8..<cells.x.upperBound * 8 {
                let at = (y * width + x) * 4
                pixels[at] = color.0
                pixels[at + 1] = color.1
                pixels[at + 2] = color.2
            }
        }
    }

    /// Converts `pixels` through `memory`; the cells and how many chafa drew.
    static func convert(_ pixels: [UInt8], mode: cimg_mode, memory: inout OpaquePointer?, columns: Int = columns,
                        rows: Int = rows, workFactor: Float = 0) throws -> (cells: [cimg_cell], converted: Int) {
        var pixels = pixels
        var status = cimg_status()
        var conversion = cimg_conversion_for(mode, 0)
        conversion.work_factor = workFactor
        var cells = [cimg_cell](repeating: cimg_cell(), count: columns * rows)
        var converted: Int32 = -1
        let width = Int32(columns * 8), height = Int32(rows * 8)
        let result = pixels.withUnsafeMutableBufferPointer { bytes in
            var picture = cimg_picture(pixels: bytes.baseAddress, width: width, height: height)
            return cimg_convert_frame(&picture, cimg_rect(x: 0, y: 0, width: width, height: height), Int32(columns),
                                      Int32(rows), &conversion, &memory, &cells, &converted, &status)
        }
        try #require(result == 0, "cimg_convert_frame failed: \(status.code)")
        return (cells, Int(converted))
    }

    /// The frame converted whole, with nothing to compare with.
    static func whole(_ pixels: [UInt8], mode: cimg_mode, columns: Int = columns, rows: Int = rows) throws -> [cimg_cell] {
        var memory: OpaquePointer?
        defer { cimg_frame_memory_free(memory) }
        let (cells, converted) = try convert(pixels, mode: mode, memory: &memory, columns: columns, rows: rows)
        #expect(converted == columns * rows)
        return cells
    }

    static func same(_ a: [cimg_cell], _ b: [cimg_cell]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy {
            $0.codepoint == $1.codepoint && $0.foreground == $1.foreground && $0.background == $1.background
        }
    }

    @Test("the same frame again converts no cell and hands out the same cells",
          arguments: [CIMG_MODE_TRUECOLOR, CIMG_MODE_INDEXED_240, CIMG_MODE_INDEXED_16])
    func stillFrame(mode: cimg_mode) throws {
        var memory: OpaquePointer?
        defer { cimg_frame_memory_free(memory) }
        let first = try Self.convert(Self.frame(), mode: mode, memory: &memory)
        #expect(first.converted == Self.columns * Self.rows)
        let again = try Self.convert(Self.frame(), mode: mode, memory: &memory)
        #expect(again.converted == 0)
        #expect(Self.same(again.cells, first.cells))
    }

    @Test("only the changed cells are converted, and the frame's cells are those of a whole conversion",
          arguments: [CIMG_MODE_TRUECOLOR, CIMG_MODE_INDEXED_240])
    func changedCells(mode: cimg_mode) throws {
        var memory: OpaquePointer?
        defer { cimg_frame_memory_free(memory) }
        let before = try Self.convert(Self.frame(), mode: mode, memory: &memory)
        var next = Self.frame()
        Self.paint(&next, cells: (x: 3..<6, y: 1..<3), color: (250, 20, 90))   // 6 cells
        Self.paint(&next, cells: (x: 10..<11, y: 5..<6), color: (10, 200, 60)) // 1 cell
        let after = try Self.convert(next, mode: mode, memory: &memory)
        #expect(after.converted == 7)
        #expect(Self.same(after.cells, try Self.whole(next, mode: mode)))
        // The cells outside both rectangles are the frame before's: a still region changes nothing on screen.
        for y in 0..<Self.rows {
            for x in 0..<Self.columns where !((3..<6).contains(x) && (1..<3).contains(y)) && !(x == 10 && y == 5) {
                let at = y * Self.columns + x
                #expect(Self.same([after.cells[at]], [before.cells[at]]), "cell \(x),\(y) changed")
            }
        }
    }

    @Test("a frame that changes in every other cell packs them and still matches a whole conversion")
    func scattered() throws {
        var memory: OpaquePointer?
        defer { cimg_frame_memory_free(memory) }
        _ = try Self.convert(Self.frame(), mode: CIMG_MODE_INDEXED_240, memory: &memory)
        var next = Self.frame()
        var painted = 0
        for y in 0..<Self.rows {
            for x in 0..<Self.columns where (x + y) % 2 == 0 {
                Self.paint(&next, cells: (x: x..<x + 1, y: y..<y + 1), color: (UInt8(x * 20), 90, UInt8(y * 40)))
                painted += 1
            }
        }
        let after = try Self.convert(next, mode: CIMG_MODE_INDEXED_240, memory: &memory)
        #expect(after.converted == painted)
        #expect(Self.same(after.cells, try Self.whole(next, mode: CIMG_MODE_INDEXED_240)))
    }

    @Test("another box or another conversion converts every cell")
    func otherGeometry() throws {
        var memory: OpaquePointer?
        defer { cimg_frame_memory_free(memory) }
        _ = try Self.convert(Self.frame(), mode: CIMG_MODE_TRUECOLOR, memory: &memory)
        let lighter = try Self.convert(Self.frame(), mode: CIMG_MODE_TRUECOLOR, memory: &memory, workFactor: 0.2)
        #expect(lighter.converted == Self.columns * Self.rows)
        let other = try Self.convert(Self.frame(columns: 10, rows: 5), mode: CIMG_MODE_TRUECOLOR, memory: &memory,
                                     columns: 10, rows: 5)
        #expect(other.converted == 50)
    }

    @Test("in 16 colours (chafa's preprocessing sees the whole canvas) one changed cell converts them all")
    func sixteenColours() throws {
        var memory: OpaquePointer?
        defer { cimg_frame_memory_free(memory) }
        _ = try Self.convert(Self.frame(), mode: CIMG_MODE_INDEXED_16, memory: &memory)
        var next = Self.frame()
        Self.paint(&next, cells: (x: 0..<1, y: 0..<1), color: (255, 255, 255))
        let after = try Self.convert(next, mode: CIMG_MODE_INDEXED_16, memory: &memory)
        #expect(after.converted == Self.columns * Self.rows)
        #expect(Self.same(after.cells, try Self.whole(next, mode: CIMG_MODE_INDEXED_16)))
    }

    @Test("a frame over 4 megapixels keeps no copy of its source: it is scaled whole and compared at 8 × 8 a cell")
    func largeFrame() throws {
        // 2400 × 1800 pixels (4.3 megapixels, 17 MB) into 30 × 12 cells.
        let width = 2400, height = 1800, columns = 30, rows = 12
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels[(y * width + x) * 4] = UInt8((x / 40) & 0xFF)
                pixels[(y * width + x) * 4 + 1] = UInt8((y / 30) * 4 & 0xFF)
            }
        }
        func convert(_ pixels: [UInt8], memory: inout OpaquePointer?) throws -> (cells: [cimg_cell], converted: Int) {
            var pixels = pixels
            var status = cimg_status()
            var conversion = cimg_conversion_for(CIMG_MODE_INDEXED_240, 0)
            var cells = [cimg_cell](repeating: cimg_cell(), count: columns * rows)
            var converted: Int32 = -1
            let result = pixels.withUnsafeMutableBufferPointer { bytes in
                var picture = cimg_picture(pixels: bytes.baseAddress, width: Int32(width), height: Int32(height))
                return cimg_convert_frame(&picture, cimg_rect(x: 0, y: 0, width: Int32(width), height: Int32(height)),
                                          Int32(columns), Int32(rows), &conversion, &memory, &cells, &converted, &status)
            }
            try #require(result == 0, "cimg_convert_frame failed: \(status.code)")
            return (cells, Int(converted))
        }
        var memory: OpaquePointer?
        defer { cimg_frame_memory_free(memory) }
        let first = try convert(pixels, memory: &memory)
        #expect(first.converted == columns * rows)
        #expect(try convert(pixels, memory: &memory).converted == 0, "the same frame: no cell converted")
        // One cell's pixels (80 × 150 each) painted over.
        for y in 300..<450 {
            for x in 800..<880 { pixels[(y * width + x) * 4 + 2] = 0 }
        }
        let after = try convert(pixels, memory: &memory)
        #expect(after.converted == 1)
        var fresh: OpaquePointer?
        defer { cimg_frame_memory_free(fresh) }
        #expect(Self.same(after.cells, try convert(pixels, memory: &fresh).cells))
    }
}
