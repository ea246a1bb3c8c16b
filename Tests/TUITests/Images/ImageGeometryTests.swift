import CImages
import Testing
@testable import TUI
@testable import ViewerCore

/// Where the picture goes: fit, EXIF orientation, and the scale a JPEG is decoded at.
@Suite struct ImageGeometryTests {
    typealias Pixels = ImageFixtures.Pixels

    @Test("contain keeps the aspect with cells twice as tall as wide; cover fills the box")
    func grid() {
        // 1024 x 768 (4:3) in 78 x 20 cells (78 : 40 units): height-limited, 40 * 4/3 = 53 columns.
        #expect(ImageFit.contain.grid(width: 1024, height: 768, columns: 78, rows: 20) == (53, 20))
        // A wide picture in a tall box: width-limited, 20 columns of a 2:1 picture are 10 units high, 5 rows.
        #expect(ImageFit.contain.grid(width: 200, height: 100, columns: 20, rows: 30) == (20, 5))
        // A square picture: 2 columns per row.
        #expect(ImageFit.contain.grid(width: 300, height: 300, columns: 80, rows: 22) == (44, 22))
        // Never smaller than one cell, never larger than the box.
        #expect(ImageFit.contain.grid(width: 10_000, height: 1, columns: 80, rows: 22) == (80, 1))
        #expect(ImageFit.contain.grid(width: 1, height: 10_000, columns: 80, rows: 22) == (1, 22))
        #expect(ImageFit.cover.grid(width: 1024, height: 768, columns: 78, rows: 20) == (78, 20))
        #expect(ImageFit.contain.grid(width: 0, height: 768, columns: 78, rows: 20) == (0, 0))
    }

    @Test("cover crops the overflow evenly: a wide picture loses its sides, a tall one its top and bottom")
    func crop() {
        // 400 x 100 into 20 x 10 cells (20 : 20 units, square): keep the middle 100 x 100.
        #expect(ImageFit.cover.source(width: 400, height: 100, columns: 20, rows: 10) == (150, 0, 100, 100))
        // 100 x 400 into the same box: the middle 100 x 100 rows.
        #expect(ImageFit.cover.source(width: 100, height: 400, columns: 20, rows: 10) == (0, 150, 100, 100))
        #expect(ImageFit.contain.source(width: 400, height: 100, columns: 20, rows: 10) == (0, 0, 400, 100))
    }

    @Test("cover on a picture of three bands shows the middle band only")
    func coverRender() throws {
        let bands = Pixels(width: 300, height: 50) { x, _ in
            x < 100 ? (255, 0, 0, 255) : x < 200 ? (0, 255, 0, 255) : (0, 0, 255, 255)
        }
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let path = ImageFixtures.write(ImageFixtures.png(bands), named: "bands.png", in: folder)
        // 10 x 10 cells are 10 : 20 units: keep 25 x 50 pixels of the middle.
        let cells = try ImageFixtures.render(path, columns: 10, rows: 10, fit: .cover).get()
        #expect(cells.columns == 10 && cells.rows == 10)
        #expect(cells.cells.allSatisfy { ImageFixtures.near(ImageFixtures.halves($0).top, (0, 255, 0), tolerance: 3) })
        let contained = try ImageFixtures.render(path, columns: 10, rows: 10, fit: .contain).get()
        #expect(contained.columns == 10 && contained.rows == 1)
        #expect(contained.offset(inColumns: 10, rows: 10) == (0, 4))
    }

    /// An upright picture: red in the top-left quarter, blue elsewhere, twice as wide as high.
    static let upright = Pixels(width: 64, height: 32) { x, y in x < 32 && y < 16 ? (255, 0, 0, 255) : (0, 0, 255, 255) }

    /// The picture stored so that the EXIF orientation turns it upright (TIFF 6.0: 2 mirror, 3 turn
    /// half, 4 flip, 5 transpose, 6 stored turned anticlockwise, 7 transverse, 8 stored turned clockwise).
    static func stored(_ picture: Pixels, orientation: Int) -> Pixels {
        let w = picture.width, h = picture.height
        func at(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
            let i = (y * w + x) * 4
            return (picture.rgba[i], picture.rgba[i + 1], picture.rgba[i + 2], picture.rgba[i + 3])
        }
        switch orientation {
        case 2: return Pixels(width: w, height: h) { x, y in at(w - 1 - x, y) }
        case 3: return Pixels(width: w, height: h) { x, y in at(w - 1 - x, h - 1 - y) }
        case 4: return Pixels(width: w, height: h) { x, y in at(x, h - 1 - y) }
        case 5: return Pixels(width: h, height: w) { x, y in at(y, x) }
        // Turned anticlockwise: the stored row y is the upright column w-1-y.
        case 6: return Pixels(width: h, height: w) { x, y in at(w - 1 - y, x) }
        case 7: return Pixels(width: h, height: w) { x, y in at(w - 1 - y, h - 1 - x) }
        // Turned clockwise: the stored row y is the upright column y, read bottom-up.
        case 8: return Pixels(width: h, height: w) { x, y in at(y, h - 1 - x) }
        default: return picture
        }
    }

    @Test("every EXIF orientation comes out upright", arguments: 1...8)
    func orientation(_ orientation: Int) throws {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let bytes = ImageFixtures.jpeg(Self.stored(Self.upright, orientation: orientation), orientation: Int32(orientation))
        let path = ImageFixtures.write(bytes, named: "turned.jpg", in: folder)
        // 64 x 32 upright in 16 x 8 cells: 16 x 4, red in the 8 x 2 cells at the top left.
        let cells = try ImageFixtures.render(path, columns: 16, rows: 8).get()
        #expect(cells.columns == 16 && cells.rows == 4)
        var wrong = 0
        for row in 0..<4 {
            for column in 0..<16 where column != 7 && column != 8 && row != 1 && row != 2 {
                let red = column < 8 && row < 2
                let top = ImageFixtures.halves(cells[row, column]).top
                if !ImageFixtures.near(top, red ? (255, 0, 0) : (0, 0, 255), tolerance: 60) { wrong += 1 }
            }
        }
        #expect(wrong == 0)
    }

    @Test("a JPEG decodes at the smallest of 1/8, 1/4, 1/2 that still covers 8 x 8 pixels a cell")
    func scaledDecode() throws {
        let big = Pixels(width: 1600, height: 1200) { x, y in (UInt8(x & 0xFF), UInt8(y & 0xFF), 128, 255) }
        let bytes = ImageFixtures.jpeg(big)
        func decodedWidth(minimumWidth: Int32, minimumHeight: Int32) -> Int32 {
            var picture = cimg_picture()
            var status = cimg_status()
            guard cimg_decode(bytes, bytes.count, minimumWidth, minimumHeight, nil, &picture, &status) == 0 else { return -1 }
            defer { cimg_picture_free(&picture) }
            return picture.width
        }
        // 1600 x 1200: 1/8 is 200 x 150, 1/4 is 400 x 300, 1/2 is 800 x 600.
        #expect(decodedWidth(minimumWidth: 200, minimumHeight: 150) == 200)
        #expect(decodedWidth(minimumWidth: 201, minimumHeight: 150) == 400)
        #expect(decodedWidth(minimumWidth: 10, minimumHeight: 151) == 400)
        #expect(decodedWidth(minimumWidth: 424, minimumHeight: 160) == 800)
        #expect(decodedWidth(minimumWidth: 801, minimumHeight: 10) == 1600)
        #expect(decodedWidth(minimumWidth: 1, minimumHeight: 1) == 200)
        #expect(decodedWidth(minimumWidth: 0, minimumHeight: 0) == 1600)
        // The renderer asks for what the fitted grid needs.
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let path = ImageFixtures.write(bytes, named: "big.jpg", in: folder)
        // 78 x 20 cells, contain: 53 x 20 cells need 424 x 160 pixels.
        let cells = try ImageFixtures.render(path, columns: 78, rows: 20).get()
        #expect(cells.columns == 53 && cells.rows == 20)
    }
}
