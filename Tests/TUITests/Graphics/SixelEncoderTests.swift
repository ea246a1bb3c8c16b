import CImages
import Testing

/// The sixel encoder (Sources/CImages/sixel.c), decoded back by a small sixel decoder of the test's own.
@Suite struct SixelEncoderTests {
    /// The worst a channel may be off: a fitted palette of 256 bounds the mean, not each pixel; 5-bit bins
    /// and median cut keep it within 40 on the scene, and dithering (the scene has more colours than
    /// registers) may add a few to a pixel while it brings its neighbourhood's mean closer.
    static let paletteError = 48

    /// A sixel DCS string as RGBA pixels (alpha 0 where nothing was painted), with the raster size it
    /// declared; nil when it is not one.
    static func decode(_ bytes: [UInt8]) -> (width: Int, height: Int, rgba: [UInt8])? {
        guard bytes.starts(with: Array("\u{1B}P0;1;0q\"".utf8)), bytes.suffix(2) == [0x1B, UInt8(ascii: "\\")] else { return nil }
        var index = 9
        func number() -> Int {
            var value = 0
            while index < bytes.count - 2, (48...57).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
            }
            return value
        }
        func skip(_ byte: Character) { if index < bytes.count, bytes[index] == byte.asciiValue { index += 1 } }
        _ = number(); skip(";"); _ = number(); skip(";")
        let width = number(); skip(";")
        let height = number()
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        var palette: [Int: (Int, Int, Int)] = [:]
        var color = 0, x = 0, band = 0
        func paint(_ sixel: UInt8, times: Int) -> Bool {
            guard (63...126).contains(sixel) else { return false }
            for _ in 0..<times {
                for bit in 0..<6 where (Int(sixel) - 63) & (1 << bit) != 0 {
                    let y = band * 6 + bit
                    guard x < width, y < height, let (r, g, b) = palette[color] else { return false }
                    let at = (y * width + x) * 4
                    rgba[at] = UInt8((r * 255 + 50) / 100)
                    rgba[at + 1] = UInt8((g * 255 + 50) / 100)
                    rgba[at + 2] = UInt8((b * 255 + 50) / 100)
                    rgba[at + 3] = 255
                }
                x += 1
            }
            return true
        }
        while index < bytes.count - 2 {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "#"):
                color = number()
                if index < bytes.count - 2, bytes[index] == UInt8(ascii: ";") {
                    index += 1
                    guard number() == 2 else { return nil }
                    skip(";"); let r = number(); skip(";"); let g = number(); skip(";"); let b = number()
                    palette[color] = (r, g, b)
                }
            case UInt8(ascii: "!"):
                let times = number()
                guard index < bytes.count - 2, paint(bytes[index], times: times) else { return nil }
                index += 1
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"):
                x = 0
                band += 1
            default:
                guard paint(byte, times: 1) else { return nil }
            }
        }
        return (width, height, rgba)
    }

    static func encode(_ rgba: [UInt8], width: Int, height: Int, registers: Int32 = 256, bandHeight: Int32 = 0,
                       tileWidth: Int32 = 0) -> [UInt8]? {
        PixelPictureFixture.withPicture(rgba, width: width, height: height) { picture in
            PixelPictureFixture.encoded { out, status in
                withUnsafePointer(to: picture) { cimg_sixel_encode($0, registers, bandHeight, tileWidth, out, status) }
            }
        }
    }

    /// The DCS strings of a banded sixel, each ending `ESC \`.
    static func bands(_ bytes: [UInt8]) -> [[UInt8]] {
        var bands: [[UInt8]] = [], start = 0
        for index in bytes.indices where index > start && bytes[index] == UInt8(ascii: "\\") && bytes[index - 1] == 0x1B {
            bands.append(Array(bytes[start...index]))
            start = index + 1
        }
        if start < bytes.count { bands.append(Array(bytes[start...])) }
        return bands
    }

    /// The registers a sixel string defines (`#n;2;r;g;b`).
    static func definedRegisters(_ bytes: [UInt8]) -> Set<Int> {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: Set<Int> = []
        for part in text.split(separator: "#").dropFirst() {
            let fields = part.split(separator: ";", maxSplits: 2)
            if fields.count == 3, fields[1] == "2", let register = Int(fields[0]) { found.insert(register) }
        }
        return found
    }

    /// A grey ramp from black to white across `width` columns.
    static func ramp(width: Int, height: Int) -> [UInt8] {
        (0..<(width * height)).flatMap { index -> [UInt8] in
            let value = UInt8(index % width * 255 / (width - 1))
            return [value, value, value, 255]
        }
    }

    @Test(arguments: [(120, 45), (1, 1), (7, 6), (33, 13)])
    func decodesToThePixelsWithinThePaletteError(size: (Int, Int)) {
        let (width, height) = size
        let original = PixelPictureFixture.scene(width: width, height: height)
        guard let bytes = Self.encode(original, width: width, height: height), let decoded = Self.decode(bytes) else {
            Issue.record("no sixel, or one the decoder cannot read")
            return
        }
        #expect(decoded.width == width && decoded.height == height)
        var worst = 0, error = 0, cubeError = 0, channels = 0
        var alphaWrong = 0
        for index in stride(from: 0, to: original.count, by: 4) {
            if original[index + 3] != decoded.rgba[index + 3] { alphaWrong += 1 }
            guard original[index + 3] == 255 else { continue }
            for channel in 0..<3 {
                let value = Int(original[index + channel]), difference = abs(value - Int(decoded.rgba[index + channel]))
                worst = max(worst, difference)
                error += difference
                // What the fixed 6-level cube (0, 51, … 255) the encoder used before would have drawn.
                cubeError += abs(value - (value * 5 + 127) / 255 * 51)
                channels += 1
            }
        }
        #expect(alphaWrong == 0, "transparent pixels stay unpainted, opaque ones are painted")
        // The palette is fitted to the picture: less error on the whole than the cube, none far off.
        #expect(error <= cubeError, "mean \(Double(error) / Double(max(channels, 1))) against the cube's \(Double(cubeError) / Double(max(channels, 1)))")
        #expect(worst <= Self.paletteError)
    }

    @Test("a picture of few colours keeps them: each within sixel's percent steps")
    func fewColoursExactly() throws {
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 138, 0), (229, 46, 113), (58, 28, 113), (12, 200, 90), (250, 250, 250)]
        var rgba: [UInt8] = []
        for index in 0..<(50 * 12) { let c = colours[index / 7 % colours.count]; rgba += [c.0, c.1, c.2, 255] }
        let bytes = try #require(Self.encode(rgba, width: 50, height: 12))
        let decoded = try #require(Self.decode(bytes))
        let worst = zip(rgba, decoded.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "a cube would be off by up to 25 on these")
    }

    @Test func aFlatPictureIsRepeatedNotSpelledOut() throws {
        let rgba = [UInt8](repeating: 255, count: 200 * 12 * 4)
        let bytes = try #require(Self.encode(rgba, width: 200, height: 12))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text == "\u{1B}P0;1;0q\"1;1;200;12#0;2;100;100;100#0!200~-#0!200~\u{1B}\\")
    }

    @Test func onlyUsedRegistersAreDefined() throws {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255]
        let bytes = try #require(Self.encode(rgba, width: 2, height: 1))
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}P0;1;0q\"1;1;2;1#0;2;0;0;100#1;2;100;0;0#0?@$#1@\u{1B}\\")
    }

    @Test("in bands of 12 pixel rows: complete DCS strings of 12 rows (the last the rest), the same pixels as one string")
    func bandsAreCompleteStrings() throws {
        let (width, height) = (33, 40)
        let original = PixelPictureFixture.scene(width: width, height: height)
        let wholeBytes = try #require(Self.encode(original, width: width, height: height))
        let whole = try #require(Self.decode(wholeBytes))
        let banded = try #require(Self.encode(original, width: width, height: height, bandHeight: 12))
        let bands = Self.bands(banded)
        #expect(bands.count == 4)
        var stacked: [UInt8] = []
        for (index, band) in bands.enumerated() {
            let decoded = try #require(Self.decode(band), "band \(index) is a sixel of its own")
            #expect(decoded.width == width && decoded.height == (index < 3 ? 12 : 4))
            stacked += decoded.rgba
        }
        #expect(stacked == whole.rgba, "one palette for every band: the bands draw what the whole string draws")
        let odd = try #require(Self.encode(original, width: width, height: height, bandHeight: 10))
        #expect(Self.bands(odd).count == 4, "a band height is rounded up to whole sixes (12)")
    }

    @Test("tiles across the width: complete DCS strings, band by band and left to right, that put together are the whole picture")
    func tilesAreCompleteStrings() throws {
        let (width, height) = (70, 40)
        let original = PixelPictureFixture.scene(width: width, height: height)
        let wholeBytes = try #require(Self.encode(original, width: width, height: height))
        let whole = try #require(Self.decode(wholeBytes))
        let tiled = try #require(Self.encode(original, width: width, height: height, bandHeight: 12, tileWidth: 30))
        let tiles = Self.bands(tiled)
        #expect(tiles.count == 12, "4 bands (12, 12, 12, 4 rows) of 3 tiles (30, 30, 10 columns)")
        var assembled = [UInt8](repeating: 0, count: width * height * 4)
        var registers: [Set<Int>] = []
        for (index, tile) in tiles.enumerated() {
            let decoded = try #require(Self.decode(tile), "tile \(index) is a sixel of its own")
            let (band, across) = (index / 3, index % 3)
            #expect(decoded.width == (across < 2 ? 30 : 10) && decoded.height == (band < 3 ? 12 : 4))
            for y in 0..<decoded.height {
                for x in 0..<decoded.width {
                    let from = (y * decoded.width + x) * 4, to = ((band * 12 + y) * width + across * 30 + x) * 4
                    assembled.replaceSubrange(to..<to + 4, with: decoded.rgba[from..<from + 4])
                }
            }
            registers.append(Self.definedRegisters(tile))
        }
        #expect(assembled == whole.rgba, "one palette and one dithering for the picture: no seam where tiles meet")
        #expect(registers.allSatisfy { !$0.isEmpty }, "each tile defines the registers it uses")
        let rowOnly = try #require(Self.encode(original, width: width, height: height, bandHeight: 12, tileWidth: Int32(width)))
        #expect(Self.bands(rowOnly).count == 4, "a tile as wide as the picture is its band")
    }

    @Test("a 16-register terminal gets at most 16 registers; 2 at the least, 256 at the most")
    func registersAreTheTerminals() throws {
        let original = PixelPictureFixture.scene(width: 120, height: 45)
        for (asked, most) in [(16, 16), (1, 2), (1024, 256), (256, 256)] {
            let bytes = try #require(Self.encode(original, width: 120, height: 45, registers: Int32(asked)))
            let registers = Self.definedRegisters(bytes)
            #expect(registers.count <= most && registers.allSatisfy { $0 < most }, "\(asked) asked: \(registers.count) used")
            #expect(registers.count > most / 2, "the palette uses what it has")
            #expect(Self.decode(bytes) != nil)
        }
    }

    @Test("more colours than registers are dithered: a grey ramp in 16 registers keeps its local means, no bands")
    func ditheredRamp() throws {
        let (width, height) = (256, 24)
        let ramp = Self.ramp(width: width, height: height)
        let bytes = try #require(Self.encode(ramp, width: width, height: height, registers: 16))
        let decoded = try #require(Self.decode(bytes))
        // The mean over 8 × 8 blocks against the ramp's: nearest-colour mapping to 16 greys would be off by up
        // to half a step (8) and flat across each step; dithering keeps every block's mean close.
        var worst = 0, distinctColumns: Set<[UInt8]> = []
        for blockX in stride(from: 0, to: width, by: 8) {
            for blockY in stride(from: 0, to: height, by: 8) {
                var original = 0, drawn = 0
                for y in blockY..<blockY + 8 {
                    for x in blockX..<blockX + 8 {
                        original += Int(ramp[(y * width + x) * 4])
                        drawn += Int(decoded.rgba[(y * width + x) * 4])
                    }
                }
                worst = max(worst, abs(original - drawn) / 64)
            }
        }
        for x in 0..<width { distinctColumns.insert((0..<height).map { decoded.rgba[($0 * width + x) * 4] }) }
        #expect(worst <= 4, "a block's mean off by \(worst)")
        #expect(distinctColumns.count > 32, "columns mix their neighbours' greys: not 16 flat stripes")
        #expect(Self.definedRegisters(bytes).count <= 16)
    }

    @Test("no more colours than registers: no dithering, each colour exact within sixel's steps")
    func fewColoursAreNotDithered() throws {
        let colours: [(UInt8, UInt8, UInt8)] = [(255, 138, 0), (229, 46, 113), (58, 28, 113), (12, 200, 90)]
        var rgba: [UInt8] = []
        for index in 0..<(50 * 12) { let c = colours[index / 7 % colours.count]; rgba += [c.0, c.1, c.2, 255] }
        let bytes = try #require(Self.encode(rgba, width: 50, height: 12, registers: 4))
        let decoded = try #require(Self.decode(bytes))
        #expect((zip(rgba, decoded.rgba).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= 2)
    }

    @Test("a smooth gradient in fewer 5-bit bins than registers is dithered too: its colours, not its bins, decide")
    func smoothGradientInFewBins() throws {
        let (width, height) = (512, 32)
        var rgba: [UInt8] = []
        for y in 0..<height { for x in 0..<width { rgba += [UInt8(x / 2), UInt8(y * 4), 60, 255] } }
        let bytes = try #require(Self.encode(rgba, width: width, height: height))
        let decoded = try #require(Self.decode(bytes))
        var columns: Set<[UInt8]> = []
        for x in 0..<width { columns.insert((0..<height).map { decoded.rgba[($0 * width + x) * 4] }) }
        // Mapped to its bins' means the red ramp is 32 flat stripes of 16 columns; dithered, columns mix.
        #expect(columns.count > 64, "\(columns.count) distinct columns")
    }
}
