import CImages
import Foundation
import Engine
import Testing
@testable import TUI
@testable import ViewerCore

/// The C library on generated pictures: the cells show the picture's colours where they should be.
@Suite struct ImageConversionTests {
    typealias Pixels = ImageFixtures.Pixels

    /// Renders bytes written to a temporary file.
    static func render(_ bytes: [UInt8], columns: Int = 16, rows: Int = 8, mode: ImageColorMode = .truecolor,
                       fit: ImageFit = .contain, backdrop: ImageBackdrop = .color(.rgb(0, 0, 0))) -> Result<ImageCells, ImageProblem> {
        let folder = ImageFixtures.folder()
        defer { ImageFixtures.remove(folder) }
        let path = ImageFixtures.write(bytes, named: "picture", in: folder)
        return ImageFixtures.render(path, columns: columns, rows: rows, mode: mode, fit: fit, backdrop: backdrop)
    }

    static func cells(_ result: Result<ImageCells, ImageProblem>) -> ImageCells? {
        if case let .success(cells) = result { return cells }
        Issue.record("expected cells, got \(result)")
        return nil
    }

    /// Every half of every cell within tolerance of a colour.
    static func allNear(_ cells: ImageCells, _ color: (Int, Int, Int), tolerance: Int = 12) -> Bool {
        cells.cells.allSatisfy {
            let halves = ImageFixtures.halves($0)
            return ImageFixtures.near(halves.top, color, tolerance: tolerance)
                && ImageFixtures.near(halves.bottom, color, tolerance: tolerance)
        }
    }

    @Test("a solid colour gives that colour in every cell, in truecolour")
    func solid() throws {
        for color in [(200, 30, 40), (0, 0, 0), (255, 255, 255), (20, 160, 230)] {
            let pixels = Pixels.solid(UInt8(color.0), UInt8(color.1), UInt8(color.2))
            let cells = try #require(Self.cells(Self.render(ImageFixtures.png(pixels))))
            #expect(cells.columns == 16 && cells.rows == 4)
            #expect(Self.allNear(cells, color, tolerance: 3))
        }
    }

    @Test("240 colours use only the cube and the greys (16-255), nearest to the picture's colour")
    func indexed240() throws {
        let cells = try #require(Self.cells(Self.render(ImageFixtures.png(Pixels.solid(215, 95, 0)), mode: .indexed240)))
        for cell in cells.cells {
            for color in [cell.foreground, cell.background] {
                guard case let .indexed(index) = color else { Issue.record("not indexed: \(color)"); continue }
                #expect(index >= 16)
            }
        }
        // 215, 95, 0 is exactly cube colour 16 + 36*4 + 6*1 + 0 = 166.
        #expect(cells.cells.allSatisfy { $0.background == .indexed(166) })
    }

    @Test("16 and 8 colours: pure red is palette red, white is a white", arguments: [ImageColorMode.indexed16, .indexed8])
    func basicColors(mode: ImageColorMode) throws {
        let limit: UInt8 = mode == .indexed16 ? 16 : 8
        let red = try #require(Self.cells(Self.render(ImageFixtures.png(Pixels.solid(255, 0, 0)), mode: mode)))
        #expect(red.cells.allSatisfy { [.indexed(1), .indexed(9)].contains($0.background) })
        let white = try #require(Self.cells(Self.render(ImageFixtures.png(Pixels.solid(255, 255, 255)), mode: mode)))
        #expect(white.cells.allSatisfy { [.indexed(7), .indexed(15)].contains($0.background) })
        for cell in red.cells + white.cells {
            for color in [cell.foreground, cell.background] {
                guard case let .indexed(index) = color else { Issue.record("not indexed"); continue }
                #expect(index < limit)
            }
        }
    }

    @Test("16 and 8 colours keep a photo's hues: the dawn's sky and hills are not mostly greys",
          arguments: [ImageColorMode.indexed16, .indexed8])
    func hueKept(mode: ImageColorMode) throws {
        let greys: Set<TerminalColor> = [.indexed(0), .indexed(7), .indexed(8), .indexed(15)]
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples/images/dawn.png").path
        let cells = try #require(Self.cells(ImageFixtures.render(path, columns: 78, rows: 20, mode: mode,
                                                                 fit: .contain, backdrop: .color(.rgb(0, 0, 0)))))
        let grey = cells.cells.filter { greys.contains($0.foreground) && greys.contains($0.background) }.count
        // Greys alone drew more than half the cells (a purple and orange sky as black and grey rows).
        #expect(grey * 4 < cells.cells.count, "\(grey) of \(cells.cells.count) cells are greys only in \(mode)")
    }

    @Test("a gradient from black at the top to white at the bottom grows lighter row by row")
    func verticalGradient() throws {
        let pixels = Pixels(width: 64, height: 64) { _, y in let v = UInt8(y * 4); return (v, v, v, 255) }
        let cells = try #require(Self.cells(Self.render(ImageFixtures.png(pixels), columns: 20, rows: 10)))
        #expect(cells.columns == 20 && cells.rows == 10)
        var last = -1
        for row in 0..<cells.rows {
            let halves = ImageFixtures.halves(cells[row, 10])
            #expect(halves.top.0 >= last - 2)
            #expect(halves.bottom.0 >= halves.top.0 - 2)
            last = halves.bottom.0
        }
        #expect(ImageFixtures.halves(cells[0, 0]).top.0 < 20)
        #expect(ImageFixtures.halves(cells[9, 0]).bottom.0 > 235)
    }

    @Test("a gradient from left to right grows lighter column by column")
    func horizontalGradient() throws {
        let pixels = Pixels(width: 128, height: 32) { x, _ in (UInt8(x * 2), 0, 0, 255) }
        let cells = try #require(Self.cells(Self.render(ImageFixtures.png(pixels), columns: 32, rows: 8)))
        let reds = (0..<cells.columns).map { ImageFixtures.halves(cells[2, $0]).top.0 }
        #expect(zip(reds, reds.dropFirst()).allSatisfy { $0.1 >= $0.0 - 2 })
        #expect(reds.first! < 20 && reds.last! > 230)
    }

    @Test("a checkerboard of 2x2-cell squares comes out square by square")
    func checkerboard() throws {
        // 64 x 32 pixels into 16 x 8 cells: contain gives 16 x 4 cells of 4 x 8 pixels; squares of 8 x 16 pixels.
        // chafa's scaling blurs an edge a little: a cell is judged light or dark by its mean.
        let pixels = Pixels(width: 64, height: 32) { x, y in
            (x / 8 + y / 16) % 2 == 0 ? (255, 255, 255, 255) : (0, 0, 0, 255)
        }
        let cells = try #require(Self.cells(Self.render(ImageFixtures.png(pixels))))
        #expect(cells.columns == 16 && cells.rows == 4)
        var wrong: [String] = []
        for row in 0..<cells.rows {
            for column in 0..<cells.columns {
                let white = (column / 2 + row / 2) % 2 == 0
                let cell = cells[row, column]
                let mean = (Int(cell.foreground.rgbValue() & 0xFF) + Int(cell.background.rgbValue() & 0xFF)) / 2
                if white ? mean < 180 : mean > 75 { wrong.append("\(row),\(column)") }
            }
        }
        #expect(wrong.isEmpty)
    }

    @Test("Transparency is composited over a known colour: every pixel, however transparent")
    func alpha() throws {
        let clear = ImageFixtures.png(Pixels.solid(255, 0, 0, 0))
        let onBlue = try #require(Self.cells(Self.render(clear, backdrop: .color(.rgb(0, 0, 200)))))
        #expect(Self.allNear(onBlue, (0, 0, 200), tolerance: 3))
        let half = ImageFixtures.png(Pixels.solid(255, 0, 0, 128))
        // Composited in sRGB values, as browsers do: half of 255 over 0 is 128.
        let onBlack = try #require(Self.cells(Self.render(half, backdrop: .color(.rgb(0, 0, 0)))))
        #expect(Self.allNear(onBlack, (128, 0, 0), tolerance: 3))
        let onWhite = try #require(Self.cells(Self.render(half, backdrop: .color(.rgb(255, 255, 255)))))
        let faint = ImageFixtures.png(Pixels.solid(255, 0, 0, 40))
        let faintOnWhite = try #require(Self.cells(Self.render(faint, backdrop: .color(.rgb(255, 255, 255)))))
        #expect(Self.allNear(faintOnWhite, (255, 215, 215), tolerance: 3))
        #expect(Self.allNear(onWhite, (255, 127, 127), tolerance: 3))
        // The same through the 16-bit Adam7 path, and through a palette with tRNS.
        let deep = ImageFixtures.png(Pixels.solid(255, 0, 0, 128), type: .rgba, bitDepth: 16, interlaced: true)
        #expect(Self.allNear(try #require(Self.cells(Self.render(deep))), (128, 0, 0), tolerance: 3))
        let palette = ImageFixtures.png(Pixels.solid(255, 0, 0, 128), type: .palette)
        #expect(Self.allNear(try #require(Self.cells(Self.render(palette))), (128, 0, 0), tolerance: 3))
    }

    @Test("Transparency over an unknown background: clear cells blank in the default colours, the rest over the neutral")
    func transparentCells() throws {
        // 64 x 32 pixels in 16 x 4 cells, each cell 4 x 8 pixels: rows 0-3 red but all but clear
        // (alpha 8), 4-11 clear, 12-23 red, 24-31 red 39 % opaque (alpha 100).
        let pixels = Pixels(width: 64, height: 32) { _, y in
            y < 4 ? (255, 0, 0, 8) : y < 12 ? (0, 0, 0, 0) : y < 24 ? (255, 0, 0, 255) : (255, 0, 0, 100)
        }
        let cells = try #require(Self.cells(Self.render(ImageFixtures.png(pixels), backdrop: .unknown(neutral: 0x404040))))
        #expect(cells.rows == 4)
        // Row 0: clear. Row 1: the top 4 pixels clear, the bottom 4 red.
        #expect((0..<16).allSatisfy { cells[0, $0] == ImageCell(character: " ", foreground: .standard, background: .standard) })
        #expect((0..<16).allSatisfy { cells[1, $0] == ImageCell(character: "▄", foreground: .rgb(255, 0, 0), background: .standard) })
        #expect((0..<16).allSatisfy { ImageFixtures.halves(cells[2, $0]).top == (255, 0, 0) })
        // A faint picture is seen faint, not left out: 100/255 of red over the neutral is (139, 39, 39).
        #expect((0..<16).allSatisfy { ImageFixtures.near(ImageFixtures.halves(cells[3, $0]).bottom, (139, 39, 39), tolerance: 3) },
                "\(cells[3, 0])")
    }

    /// A landscape: sky gradient, a sun, green ground with alpha all opaque, few colours (palette-safe).
    static let scene = Pixels(width: 96, height: 48) { x, y in
        let dx = x - 70, dy = y - 12
        if dx * dx + dy * dy < 64 { return (240, 200, 40, 255) }
        if y >= 32 { return (30, 120 + UInt8(y - 32) * 4, 40, 255) }
        return (40, 80, 120 + UInt8(y) * 4, 255)
    }

    static func matches(_ a: ImageCells, _ b: ImageCells, tolerance: Int) -> Bool {
        guard a.columns == b.columns, a.rows == b.rows else { return false }
        return zip(a.cells, b.cells).allSatisfy {
            let x = ImageFixtures.halves($0.0), y = ImageFixtures.halves($0.1)
            return ImageFixtures.near(x.top, y.top, tolerance: tolerance) && ImageFixtures.near(x.bottom, y.bottom, tolerance: tolerance)
        }
    }

    @Test("every PNG colour type, 16-bit and interlaced files give the same cells as 8-bit RGBA")
    func pngVariants() throws {
        let reference = try #require(Self.cells(Self.render(ImageFixtures.png(Self.scene), columns: 24, rows: 6)))
        let variants: [(ImageFixtures.PNGType, Int32, Bool)] = [
            (.rgb, 8, false), (.rgb, 16, false), (.rgba, 16, false), (.palette, 8, false), (.palette, 8, true), (.rgb, 8, true),
            // 16-bit and Adam7: libpng 1.6.39 loses rows there (its issue 853); CImages reads those another way.
            (.rgb, 16, true), (.rgba, 16, true),
        ]
        for (type, depth, interlaced) in variants {
            let bytes = ImageFixtures.png(Self.scene, type: type, bitDepth: depth, interlaced: interlaced)
            #expect(!bytes.isEmpty)
            let cells = try #require(Self.cells(Self.render(bytes, columns: 24, rows: 6)))
            #expect(Self.matches(cells, reference, tolerance: 3), "\(type) \(depth) bit, interlaced \(interlaced)")
        }
        let grey = Pixels(width: 96, height: 48) { x, _ in (UInt8(x * 2), UInt8(x * 2), UInt8(x * 2), 255) }
        let greyReference = try #require(Self.cells(Self.render(ImageFixtures.png(grey), columns: 24, rows: 6)))
        for (type, depth, interlaced) in [(ImageFixtures.PNGType.gray, Int32(8), false), (.gray, 16, false), (.grayAlpha, 8, false),
                                          (.gray, 16, true), (.grayAlpha, 16, true)] {
            let bytes = ImageFixtures.png(grey, type: type, bitDepth: depth, interlaced: interlaced)
            let cells = try #require(Self.cells(Self.render(bytes, columns: 24, rows: 6)))
            #expect(Self.matches(cells, greyReference, tolerance: 3), "\(type) \(depth) bit")
        }
    }

    @Test("JPEG in colour, grey, CMYK and progressive gives the picture's cells")
    func jpegVariants() throws {
        let reference = try #require(Self.cells(Self.render(ImageFixtures.png(Self.scene), columns: 24, rows: 6)))
        for (kind, progressive) in [(ImageFixtures.JPEGKind.color, false), (.color, true), (.cmyk, false)] {
            let bytes = ImageFixtures.jpeg(Self.scene, kind: kind, progressive: progressive)
            #expect(!bytes.isEmpty)
            let cells = try #require(Self.cells(Self.render(bytes, columns: 24, rows: 6)))
            #expect(Self.matches(cells, reference, tolerance: 40), "\(kind), progressive \(progressive)")
        }
        let grey = Pixels(width: 96, height: 48) { x, _ in (UInt8(x * 2), UInt8(x * 2), UInt8(x * 2), 255) }
        let greyReference = try #require(Self.cells(Self.render(ImageFixtures.png(grey), columns: 24, rows: 6)))
        let greyCells = try #require(Self.cells(Self.render(ImageFixtures.jpeg(grey, kind: .gray), columns: 24, rows: 6)))
        #expect(Self.matches(greyCells, greyReference, tolerance: 12))
    }
}
