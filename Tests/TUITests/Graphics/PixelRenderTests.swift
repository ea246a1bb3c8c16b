import CImages
import Foundation
import Testing
@testable import TUI
@testable import ViewerCore

/// The helper's pixel path (`ImageRenderer.renderPixels`, wire kind 5 and reply status 3) and the iTerm2
/// encoder (Sources/CImages/iterm2.c): a picture file in, the terminal's bytes out, sized by the fit.
@Suite struct PixelRenderTests {
    static let cell = PixelSize(width: 8, height: 16)

    static func withPicture<T>(_ body: (String) throws -> T) rethrows -> T {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let pixels = ImageFixtures.Pixels(width: 200, height: 100, color: { x, y in (UInt8(x), UInt8(y * 2), 90, 255) })
        return try body(ImageFixtures.write(ImageFixtures.png(pixels), named: "wide.png", in: folder))
    }

    /// A 1000 × 800 picture file of coloured ramps.
    static func withLargePicture(_ body: (String) throws -> Void) rethrows {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let pixels = ImageFixtures.Pixels(width: 1000, height: 800, color: { x, y in (UInt8(x % 256), UInt8(y % 256), 90, 255) })
        try body(ImageFixtures.write(ImageFixtures.png(pixels), named: "large.png", in: folder))
    }

    @Test("the iTerm2 encoder writes one OSC 1337 whose base64 is a PNG of the same pixels, over the cells asked")
    func iterm2() throws {
        let rgba = PixelPictureFixture.scene(width: 40, height: 20)
        let bytes = try #require(PixelPictureFixture.withPicture(rgba, width: 40, height: 20) { picture in
            PixelPictureFixture.encoded { out, status in withUnsafePointer(to: picture) { cimg_iterm2_encode($0, 5, 2, 0, out, status) } }
        })
        let text = String(decoding: bytes, as: UTF8.self)
        let head = try #require(text.range(of: ":"))
        #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size="))
        #expect(text[..<head.lowerBound].hasSuffix(";width=5c;height=2r;preserveAspectRatio=0"))
        #expect(text.hasSuffix("\u{07}"))
        let png = try #require(Data(base64Encoded: String(text[head.upperBound...].dropLast())))
        #expect(text.contains("size=\(png.count);"))
        var picture = cimg_picture()
        var status = cimg_status()
        let bytesOfPNG = Array(png)
        #expect(cimg_decode(bytesOfPNG, bytesOfPNG.count, 0, 0, nil, &picture, &status) == 0)
        defer { cimg_picture_free(&picture) }
        #expect(picture.width == 40 && picture.height == 20)
        let decoded = Array(UnsafeBufferPointer(start: picture.pixels, count: 40 * 20 * 4))
        #expect(decoded == rgba)
    }

    @Test("a 200 × 100 picture in 20 × 10 cells of 8 × 16 pixels: kitty's commands over 20 × 4 cells (contain)")
    func kittyContain() throws {
        try Self.withPicture { path in
            let request = ImageRequest(path: path, columns: 20, rows: 10, mode: .truecolor,
                                       pixels: PixelFormat(graphicsProtocol: .kitty, cell: Self.cell))
            let picture = try ImageRenderer.renderPixels(request, id: 42).get()
            #expect(picture.columns == 20 && picture.rows == 5, "160 × 80 pixels: 20 columns, 5 rows of 16")
            let commands = try #require(PixelPictureFixture.kittyCommands(picture.bytes))
            #expect(commands.first?.keys.hasPrefix("a=T,f=24,o=z,s=160,v=80,i=42,q=2,z=-1,C=1") == true)
        }
    }

    @Test("sixel and iTerm2 through the same path; cover fills the box")
    func sixelAndCover() throws {
        try Self.withPicture { path in
            let sixel = try ImageRenderer.renderPixels(ImageRequest(path: path, columns: 20, rows: 10, mode: .truecolor, fit: .cover,
                                                                    pixels: PixelFormat(graphicsProtocol: .sixel, cell: Self.cell)), id: 1).get()
            #expect(sixel.columns == 20 && sixel.rows == 10)
            #expect(String(decoding: sixel.bytes.prefix(20), as: UTF8.self).hasPrefix("\u{1B}P0;1;0q\"1;1;160;160"))
            #expect(sixel.bandRows == 0, "160 × 160 pixels are one band")
            let iterm = try ImageRenderer.renderPixels(ImageRequest(path: path, columns: 20, rows: 10, mode: .truecolor,
                                                                    pixels: PixelFormat(graphicsProtocol: .iterm2, cell: Self.cell)), id: 1).get()
            #expect(String(decoding: iterm.bytes, as: UTF8.self).contains(";width=20c;height=5r;"))
        }
    }

    @Test("a pixel request and its reply cross the wire whole; a failure stays the loader's words")
    func wire() throws {
        let request = ImageRequest(path: "/tmp/p.png", columns: 78, rows: 20, mode: .indexed240, fit: .cover,
                                   pixels: PixelFormat(graphicsProtocol: .sixel, cell: PixelSize(width: 9, height: 18), registers: 16))
        let frame = try #require(ImageWire.request(.render(request), id: 11))
        let parsed = try #require(ImageWire.parseRequest(Array(frame.dropFirst(4))))
        #expect(parsed.id == 11 && parsed.job == .render(request))
        guard case let .render(back) = parsed.job else { return }
        #expect(back.pixels?.registers == 16, "the terminal's sixel registers reach the helper")
        let reply = ImageWire.reply(.pixels(PixelPicture(columns: 3, rows: 2, bytes: Array("\u{1B}_Gabc".utf8), bandRows: 1,
                                                         bandColumns: 2)), id: 11)
        guard let (id, outcome) = ImageWire.parseReply(Array(reply.dropFirst(4))), case let .pixels(back) = outcome else {
            Issue.record("no round trip for pixels")
            return
        }
        #expect(id == 11 && back.columns == 3 && back.rows == 2 && back.bytes == Array("\u{1B}_Gabc".utf8) && back.bandRows == 1)
        #expect(back.bandColumns == 2, "a sixel's tile columns reach the viewer")
        var empty = ByteWriter()
        empty.u32(1)
        empty.u8(3)
        empty.u16(3)
        empty.u16(2)
        empty.u16(0)
        empty.u16(0)
        #expect(ImageWire.parseReply(empty.data) == nil, "pixels with no bytes are a broken helper")
        let missing = ImageRenderer.renderPixels(ImageRequest(path: "/nonexistent/x.png", columns: 4, rows: 4, mode: .truecolor,
                                                              pixels: PixelFormat(graphicsProtocol: .kitty, cell: Self.cell)), id: 1)
        #expect(missing.failureValue == .missing)
    }

    @Test("a tall sixel comes in bands of whole cell rows and whole sixes, each a complete string; iTerm2 one PNG a band")
    func bandsInTheHelper() throws {
        try Self.withLargePicture { path in try bandsInTheHelper(path) }
    }

    private func bandsInTheHelper(_ path: String) throws {
        // 100 × 40 cells of 10 × 20 pixels: 1000 × 800 pixels. iTerm2: a band at most 131 072 of them, 6 rows of 20;
        // sixel: at most 32 768, so 3 rows (60 pixels, ten sixes: the fewest) cut into 2 tiles of 50 columns.
        let cell = PixelSize(width: 10, height: 20)
        #expect(ImageRenderer.bandRows(.sixel, width: 1000, cellHeight: 20) == 3, "3 rows of 20 are 60 pixels, ten sixes")
        #expect(ImageRenderer.bandRows(.sixel, width: 1000, cellHeight: 16) == 3, "3 rows of 16 are 48 pixels")
        #expect(ImageRenderer.bandRows(.sixel, width: 4000, cellHeight: 17) == 6, "at least 6 rows of 17: 102 pixels")
        #expect(ImageRenderer.bandRows(.sixel, width: 200, cellHeight: 20) == 6, "200 × 120 pixels are within a band")
        #expect(ImageRenderer.bandRows(.iterm2, width: 1000, cellHeight: 20) == 6)
        let sixel = try ImageRenderer.renderPixels(ImageRequest(path: path, columns: 100, rows: 40, mode: .truecolor,
                                                                pixels: PixelFormat(graphicsProtocol: .sixel, cell: cell)), id: 1).get()
        #expect(sixel.rows == 40 && sixel.bandRows == 3 && sixel.bandColumns == 50)
        let tiles = SixelEncoderTests.bands(sixel.bytes)
        #expect(tiles.count == 28, "14 bands (13 of 3 rows and one of 1), each 2 tiles")
        for (index, tile) in tiles.enumerated() {
            let decoded = try #require(SixelEncoderTests.decode(tile), "tile \(index) is a sixel of its own")
            #expect(decoded.width == 500 && decoded.height == (index < 26 ? 60 : 20))
            #expect(decoded.width * decoded.height <= ImageRenderer.sixelBandPixels)
        }
        let iterm = try ImageRenderer.renderPixels(ImageRequest(path: path, columns: 100, rows: 40, mode: .truecolor,
                                                                pixels: PixelFormat(graphicsProtocol: .iterm2, cell: cell)), id: 1).get()
        let text = String(decoding: iterm.bytes, as: UTF8.self)
        #expect(iterm.bandRows == 6)
        #expect(text.components(separatedBy: ";height=6r;").count - 1 == 6 && text.contains(";height=4r;"))
        #expect(iterm.bytes.filter { $0 == 0x07 }.count == 7)
    }

    @Test("a sixel band over 32 768 pixels is cut across the width into the fewest tiles of whole cells within it",
          arguments: [
              // width, rows, cell width, cell height: columns of a tile (0: the whole width)
              (1000, 3, 10, 20, 50), (2000, 3, 10, 20, 50), (560, 3, 10, 20, 28), (540, 3, 10, 20, 0), (544, 6, 8, 17, 34),
              (100, 6, 10, 20, 0), (2001, 3, 10, 20, 51), (1, 100, 10, 20, 0),
          ])
    func tileColumns(_ example: (Int, Int, Int, Int, Int)) {
        let (width, rows, cellWidth, cellHeight, columns) = example
        let cell = PixelSize(width: cellWidth, height: cellHeight)
        let found = ImageRenderer.bandColumns(.sixel, width: width, rows: rows, cell: cell)
        #expect(found == columns, "\(width) pixels wide, \(rows) rows of \(cellWidth) × \(cellHeight)")
        let cells = (width + cellWidth - 1) / cellWidth
        if found > 0 {
            // Whole cells, none over the budget, and one tile fewer would be over it.
            #expect(found * cellWidth * rows * cellHeight <= ImageRenderer.sixelBandPixels)
            let tiles = (cells + found - 1) / found
            #expect(width * rows * cellHeight > (tiles - 1) * ImageRenderer.sixelBandPixels)
        }
        #expect(ImageRenderer.bandColumns(.iterm2, width: width, rows: rows, cell: cell) == 0, "only sixel has tiles")
        #expect(ImageRenderer.bandColumns(.kitty, width: width, rows: rows, cell: cell) == 0)
    }

    @Test("a wide sixel of one band comes as tiles all the same; its bands and tiles together are the whole picture")
    func tilesOfOneBand() throws {
        try Self.withLargePicture { path in
            // 200 × 3 cells of 10 × 20 pixels, cover: 2000 × 60 pixels, one band of 3 rows, 4 tiles of 50 columns.
            let cell = PixelSize(width: 10, height: 20)
            let sixel = try ImageRenderer.renderPixels(ImageRequest(path: path, columns: 200, rows: 3, mode: .truecolor, fit: .cover,
                                                                    pixels: PixelFormat(graphicsProtocol: .sixel, cell: cell)), id: 1).get()
            #expect(sixel.columns == 200 && sixel.rows == 3)
            #expect(sixel.bandRows == 3 && sixel.bandColumns == 50, "banded though one band: its tiles are placed one by one")
            let tiles = SixelEncoderTests.bands(sixel.bytes)
            #expect(tiles.count == 4)
            #expect(tiles.allSatisfy { SixelEncoderTests.decode($0).map { $0.width == 500 && $0.height == 60 } == true })
        }
    }

    @Test("past 4 MP a picture is made smaller: kitty is told to scale it to its cells, a sixel is centred smaller")
    func overFourMegapixels() throws {
        try Self.withLargePicture { path in try overFourMegapixels(path) }
    }

    private func overFourMegapixels(_ path: String) throws {
        // 60 × 30 cells of 40 × 80 pixels: 2400 × 2400; the picture contained is 2400 × 1920, 4.6 MP.
        let cell = PixelSize(width: 40, height: 80)
        let kitty = try ImageRenderer.renderPixels(ImageRequest(path: path, columns: 60, rows: 30, mode: .truecolor,
                                                                pixels: PixelFormat(graphicsProtocol: .kitty, cell: cell)), id: 3).get()
        #expect(kitty.columns == 60 && kitty.rows == 24, "the cells of the picture within the limit")
        let keys = try #require(PixelPictureFixture.kittyCommands(kitty.bytes)?.first?.keys)
        #expect(keys.hasSuffix(",m=1,c=60,r=24"), "scaled by kitty to its cells: \(keys)")
        let width = Int(keys.split(separator: ",").first { $0.hasPrefix("s=") }?.dropFirst(2) ?? "") ?? 0
        let height = Int(keys.split(separator: ",").first { $0.hasPrefix("v=") }?.dropFirst(2) ?? "") ?? 0
        #expect(width * height <= ImageRenderer.maximumPixels && width * height > ImageRenderer.maximumPixels * 9 / 10)
        var upload = try #require(KittyUpload(id: 3, payload: kitty.bytes,
                                              placement: GraphicsSequence.show(.kitty, column: 0, row: 0, id: 3, payload: [],
                                                                               synchronized: false)))
        _ = upload.rest()
        #expect(String(decoding: upload.placement, as: UTF8.self).contains("a=p,c=60,r=24,i=3"), "placed scaled after pieces too")
        let sixel = try ImageRenderer.renderPixels(ImageRequest(path: path, columns: 60, rows: 30, mode: .truecolor,
                                                                pixels: PixelFormat(graphicsProtocol: .sixel, cell: cell)), id: 3).get()
        // The first band's tiles across (one when it is not cut) together are the picture's width.
        let across = sixel.bandColumns > 0 ? (sixel.columns + sixel.bandColumns - 1) / sixel.bandColumns : 1
        var sixelWidth = 0
        for band in SixelEncoderTests.bands(sixel.bytes).prefix(across) {
            sixelWidth += try #require(SixelEncoderTests.decode(band)).width
        }
        #expect(sixel.columns == (sixelWidth + 39) / 40 && sixel.columns < 60, "its own cells, the layout centres them")
        #expect(sixel.rows < 24)
    }
}

private extension Result {
    var failureValue: Failure? {
        if case let .failure(failure) = self { return failure }
        return nil
    }
}
